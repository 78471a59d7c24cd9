import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { PAID_PLANS, bestAnnualSaving, priceFor } from './pricing';
import { Pricing } from './components/pricing';

describe('Pricing maths', () => {
  it('should show the list price monthly', () => {
    expect(priceFor({ price: 39, annualDiscount: 30 }, 'monthly')).toEqual({ perMonth: 39, billedAnnually: null, savePercent: null });
  });

  it('should take the annual price (x12 less the discount, rounded down) over 12, rounded', () => {
    expect(priceFor({ price: 19, annualDiscount: 20 }, 'annual')).toEqual({ perMonth: 15, billedAnnually: 182, savePercent: 20 });
    expect(priceFor({ price: 39, annualDiscount: 30 }, 'annual')).toEqual({ perMonth: 27, billedAnnually: 327, savePercent: 30 });
    expect(priceFor({ price: 69, annualDiscount: 20 }, 'annual')).toEqual({ perMonth: 55, billedAnnually: 662, savePercent: 20 });
  });

  it('should badge the best saving', () => {
    expect(bestAnnualSaving()).toBe(30);
    expect(PAID_PLANS.map((p) => p.name)).toEqual(['Starter', 'Daily', 'Hardcore']);
  });
});

describe('Pricing section', () => {
  it('should default to monthly, switch to annual, mark Daily as Most Popular and send every card to /register', async () => {
    render(
      <MemoryRouter>
        <Pricing />
      </MemoryRouter>,
    );
    expect(screen.getByRole('radio', { name: /monthly/i })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByTestId('price-DAILY')).toHaveTextContent('$39');
    await userEvent.click(screen.getByRole('radio', { name: /annual/i }));
    expect(screen.getByTestId('price-DAILY')).toHaveTextContent('$27');
    expect(screen.getByTestId('price-STARTER')).toHaveTextContent('$15');
    expect(screen.getAllByText('Save 30%').length).toBeGreaterThan(0);
    const daily = screen.getByRole('listitem', { name: 'Daily plan' });
    expect(within(daily).getByText('Most Popular')).toBeInTheDocument();
    for (const link of screen.getAllByRole('link', { name: 'Get Started' })) expect(link).toHaveAttribute('href', '/register');
  });
});

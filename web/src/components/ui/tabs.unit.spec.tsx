import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Tabs } from './tabs';

const items = [
  { key: 'one', label: 'One', children: <p>First panel</p> },
  { key: 'two', label: 'Two', children: <p>Second panel</p> },
  { key: 'three', label: 'Three', children: <p>Third panel</p> },
];

describe('Tabs', () => {
  it('given tabs, when shown, then the first is chosen, alone in the tab order, and only its panel is rendered', () => {
    render(<Tabs label="Studio" items={items} />);

    expect(screen.getByRole('tablist', { name: 'Studio' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'One' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'One' })).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('tab', { name: 'Two' })).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('tabpanel', { name: 'One' })).toHaveTextContent('First panel');
    expect(screen.queryByText('Second panel')).not.toBeInTheDocument();
  });

  it('when a tab is clicked, then its panel shows and the one before is kept hidden', async () => {
    render(<Tabs items={items} />);

    await userEvent.click(screen.getByRole('tab', { name: 'Two' }));

    expect(screen.getByRole('tab', { name: 'Two' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Two' })).toHaveTextContent('Second panel');
    expect(screen.getByText('First panel').closest('[role=tabpanel]')).toHaveAttribute('hidden');
  });

  it('when the arrow keys, Home and End are pressed on a tab, then the choice and the focus move, wrapping at the ends', async () => {
    render(<Tabs items={items} />);
    screen.getByRole('tab', { name: 'One' }).focus();

    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Three' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Three' })).toHaveAttribute('aria-selected', 'true');

    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'One' })).toHaveFocus();

    await userEvent.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Three' })).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'One' })).toHaveFocus();
    expect(screen.getByRole('tabpanel', { name: 'One' })).toBeVisible();
  });

  it('given a page that holds the chosen tab and unmounts the others, when a tab is chosen, then the page is told and only that panel is rendered', async () => {
    const told: string[] = [];
    function Page() {
      const [tab, setTab] = useState('one');
      return <Tabs items={items} activeKey={tab} destroyInactive onChange={(key) => { told.push(key); setTab(key); }} />;
    }
    render(<Page />);

    await userEvent.click(screen.getByRole('tab', { name: 'Three' }));
    await userEvent.click(screen.getByRole('tab', { name: 'Three' }));

    expect(told).toEqual(['three']);
    expect(screen.getByRole('tabpanel', { name: 'Three' })).toHaveTextContent('Third panel');
    expect(screen.queryByText('First panel')).not.toBeInTheDocument();
  });

  it('given a page that chooses the tab itself, when it moves to another and back, then the panel it opened is kept, hidden', () => {
    const { rerender } = render(<Tabs items={items} activeKey="one" onChange={() => undefined} />);

    rerender(<Tabs items={items} activeKey="two" onChange={() => undefined} />);
    rerender(<Tabs items={items} activeKey="one" onChange={() => undefined} />);

    expect(screen.getByRole('tab', { name: 'One' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Second panel').closest('[role=tabpanel]')).toHaveAttribute('hidden');
  });
});

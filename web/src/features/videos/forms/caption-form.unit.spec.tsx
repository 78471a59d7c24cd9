import { fireEvent, render, screen } from '@testing-library/react';
import { CaptionForm } from './caption-form';

const noSave = async () => true;

describe('When the video\'s caption is written after the page opened', () => {
  it('should show it in the untouched caption field', () => {
    // Given a page opened while the render had no script yet,
    const { rerender } = render(<CaptionForm initialCaption="" saving={false} onSave={noSave} />);
    expect(screen.getByLabelText('CAPTION')).toHaveValue('');
    // when the script stage writes the caption,
    rerender(<CaptionForm initialCaption="Owls can turn their heads #owls" saving={false} onSave={noSave} />);
    // then the field shows it, and there is nothing to save.
    expect(screen.getByLabelText('CAPTION')).toHaveValue('Owls can turn their heads #owls');
    expect(screen.getByRole('button', { name: 'Save Caption' })).toBeDisabled();
  });
});

describe('When the creator has typed in the caption field', () => {
  it('should keep what they typed when the record changes under it', () => {
    const { rerender } = render(<CaptionForm initialCaption="First caption" saving={false} onSave={noSave} />);
    fireEvent.change(screen.getByLabelText('CAPTION'), { target: { value: 'My own words' } });
    rerender(<CaptionForm initialCaption="A caption from elsewhere" saving={false} onSave={noSave} />);
    expect(screen.getByLabelText('CAPTION')).toHaveValue('My own words');
  });
});

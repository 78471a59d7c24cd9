/**
 * @jest-environment-options {"customExportConditions": [""]}
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { CUSTOM_TOPIC, VOICES } from '@app/domain';
import { renderRoutes, marker } from '../../../../test/render';
import { server, http, HttpResponse, useMswServer } from '../../../../test/server';
import { CreateSeriesWizard } from './create-series-wizard';

useMswServer();

function renderWizard() {
  return renderRoutes({
    at: '/dashboard/create',
    withAuth: false,
    routes: [
      { path: '/dashboard/create', element: <CreateSeriesWizard /> },
      marker('/dashboard', 'HOME PAGE'),
      marker('/dashboard/view/:id', 'DETAIL PAGE'),
      marker('/dashboard/billing', 'BILLING PAGE'),
    ],
  });
}

const next = () => screen.getByRole('button', { name: /Next/ });

function toStep2(topic = 'Fun Facts') {
  fireEvent.click(screen.getByRole('radio', { name: new RegExp(topic.replace('?', '\\?')) }));
  fireEvent.click(next());
}

function fillStep2() {
  fireEvent.click(screen.getByRole('radio', { name: new RegExp(VOICES[0].name) }));
  fireEvent.click(screen.getByRole('radio', { name: /^Anime/ }));
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: /Create Series/ }));
const ready = () => http.get('/api/service-status', () => HttpResponse.json({ isReady: true, services: { script: { available: true } } }));

describe('When the wizard is on step 1', () => {
  it('should not advance until a topic is chosen', () => {
    renderWizard();
    expect(next()).toBeDisabled();
    fireEvent.click(screen.getByRole('radio', { name: /Scary Stories/ }));
    expect(next()).toBeEnabled();
    fireEvent.click(next());
    expect(screen.getByRole('heading', { name: 'Series settings' })).toBeInTheDocument();
  });

  it('should need the custom text for Custom Topic', () => {
    renderWizard();
    fireEvent.click(screen.getByRole('radio', { name: new RegExp(CUSTOM_TOPIC) }));
    expect(next()).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Custom topic'), { target: { value: 'Deep sea creatures' } });
    expect(next()).toBeEnabled();
  });

  it('should go back to /dashboard', async () => {
    renderWizard();
    fireEvent.click(screen.getByRole('button', { name: /Back/ }));
    expect(await screen.findByText('HOME PAGE')).toBeInTheDocument();
  });

  it('should offer 12 topics and a 200 px narrator list with a preview per voice', () => {
    renderWizard();
    expect(screen.getAllByRole('radio')).toHaveLength(12);
    toStep2();
    expect(screen.getByTestId('narrationVoice-choices')).toHaveStyle({ height: '200px' });
    expect(screen.getAllByRole('button', { name: /Play .* preview/ })).toHaveLength(12);
    expect(screen.getByRole('radio', { name: /Vertical \(9:16\)/ })).toBeChecked();
    expect(screen.getByRole('img', { name: 'Anime art style example' })).toHaveAttribute('src', '/api/art-styles/anime/preview');
  });
});

describe('When required fields are missing on submit', () => {
  afterEach(() => jest.useRealTimers());

  it('should toast Missing Required Fields for 5 s, then the field toast', async () => {
    jest.useFakeTimers();
    renderWizard();
    toStep2();
    submit();
    await act(async () => {
      await Promise.resolve();
    });
    expect(screen.getByText('Missing Required Fields')).toBeInTheDocument();
    expect(screen.getByText('Please fill in: Narrator, Art Style')).toBeInTheDocument();
    await act(async () => {
      jest.advanceTimersByTime(5000);
    });
    expect(screen.getByText('Please select a narration voice')).toBeInTheDocument();
  });
});

describe('Given a phone, where the button is a screen away from the missing field', () => {
  it('should bring the first missing field into view and put the focus in it', async () => {
    const scrolled: Element[] = [];
    const scrollIntoView = jest.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this);
    });
    try {
      // Given the settings step with a narrator chosen and no art style
      renderWizard();
      toStep2();
      fireEvent.click(screen.getByRole('radio', { name: new RegExp(VOICES[0].name) }));
      // When the creator presses Create Series
      submit();
      // Then the art styles are scrolled to and the first of them has the focus
      await waitFor(() => expect(scrolled).toHaveLength(1));
      expect(scrolled[0]).toBe(screen.getByRole('group', { name: 'Art style' }));
      expect(document.activeElement).toBe(screen.getAllByRole('radio', { name: /art style example|^Anime/ })[0]);
    } finally {
      scrollIntoView.mockRestore();
    }
  });
});

describe('When the service check runs', () => {
  it('should say which services are unavailable, titled Generation Failed', async () => {
    server.use(
      http.get('/api/service-status', () =>
        HttpResponse.json({ isReady: false, services: { script: { available: true }, narration: { available: false }, images: { available: false } } }),
      ),
    );
    renderWizard();
    toStep2();
    fillStep2();
    submit();
    expect(await screen.findByText('Generation Failed')).toBeInTheDocument();
    expect(screen.getByText('Some required services are unavailable: narration, images')).toBeInTheDocument();
  });

  it('should say Service Unavailable when the check itself fails', async () => {
    server.use(http.get('/api/service-status', () => HttpResponse.error()));
    renderWizard();
    toStep2();
    fillStep2();
    submit();
    expect(await screen.findByText('Service Unavailable')).toBeInTheDocument();
    expect(screen.getByText('Our service is currently at capacity. Please try again in a few minutes.')).toBeInTheDocument();
  });
});

describe('POST /api/generate-video', () => {
  it('should send the spec body and open the new video', async () => {
    let body: unknown;
    server.use(
      ready(),
      http.post('/api/generate-video', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ videoId: 'vid-1', position: 7 }, { status: 201 });
      }),
    );
    renderWizard();
    toStep2('What If?');
    fillStep2();
    submit();
    expect(await screen.findByText('DETAIL PAGE')).toBeInTheDocument();
    expect(body).toEqual({
      topic: 'What If?',
      duration: 60,
      customPrompt: '',
      style: 'anime',
      voiceid: VOICES[0].id,
      aspectRatio: '9:16',
      language: 'English',
    });
  });

  it.each([
    ['User not found', 'User not found.', 'Please log in again.'],
    ['Monthly video limit reached', 'You have reached your monthly video limit.', 'Please upgrade your plan.'],
    ['Video is still processing', 'Your previous video is still processing.', 'Please try again later.'],
    ['Invalid topic selected', 'Invalid topic selected.', 'Please choose a valid topic.'],
  ])('should map %s', async (error, title, description) => {
    server.use(ready(), http.post('/api/generate-video', () => HttpResponse.json({ error }, { status: 400 })));
    renderWizard();
    toStep2();
    fillStep2();
    submit();
    expect(await screen.findByText(title)).toBeInTheDocument();
    expect(screen.getByText(description)).toBeInTheDocument();
  });

  it('should ask to subscribe for anything else, with Upgrade to billing', async () => {
    server.use(ready(), http.post('/api/generate-video', () => HttpResponse.json({ error: 'Active subscription required' }, { status: 403 })));
    renderWizard();
    toStep2();
    fillStep2();
    submit();
    expect(await screen.findByText('Please subscribe to generate video.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Upgrade' }));
    await waitFor(() => expect(screen.getByText('BILLING PAGE')).toBeInTheDocument());
  });
});

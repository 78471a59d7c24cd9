/** Billing page FAQ (spec section 2): SERIES & VIDEOS (14) and BILLING (5). */
export interface FaqEntry {
  q: string;
  a: string;
}

export const SERIES_FAQ: readonly FaqEntry[] = [
  { q: 'What is a Series?', a: 'A Series is a set of faceless videos on one topic with the same narrator, art style, aspect ratio, language and duration. Set it up once and new videos are made for you.' },
  { q: 'How many videos can I make?', a: 'From a daily video for free users up to unlimited videos on premium plans.' },
  { q: 'How long does a video take to generate?', a: 'Usually about 3 to 4 minutes. You can close the progress window; the video appears in Your Videos on your dashboard when it is ready.' },
  { q: 'Can I choose my own topic?', a: 'Yes. Pick Custom Topic in the first step and describe what your videos should be about.' },
  { q: 'Which narrator voices are available?', a: 'Twelve voices, from deep documentary narrators to upbeat social-media voices. Each has a preview you can play before choosing.' },
  { q: 'Which art styles can I use?', a: 'Twelve styles, including Anime, Lego, Comic Book, Studio Ghibli, Hyper Real, Watercolor and Pixel Art.' },
  { q: 'Which aspect ratios are supported?', a: 'Vertical 9:16 for Shorts, TikTok and Reels, horizontal 16:9 and square 1:1.' },
  { q: 'Which languages are supported?', a: 'English, Spanish and French.' },
  { q: 'Can I edit a video before it posts?', a: 'Yes. You can edit the caption of every video from its detail page, and preview it before it is published.' },
  { q: 'Can I download my videos?', a: 'Yes. Every finished video has a Download Video button on its detail page.' },
  { q: 'Where are my videos posted?', a: 'To the YouTube, TikTok and Instagram accounts you link under Account Settings.' },
  { q: 'How do I change the posting schedule?', a: 'Your plan sets how often videos post. Watch the guide on changing the posting schedule for the details.' },
  { q: 'Do videos have a watermark?', a: 'No. Paid plans include videos without a watermark, with background music.' },
  { q: 'Who owns the videos?', a: 'You do. You may publish them on your own channels; please check scripts for accuracy before they go out.' },
];

export const BILLING_FAQ: readonly FaqEntry[] = [
  { q: 'Do you offer refunds?', a: 'No. We do not offer refunds, so please choose the plan that fits you.' },
  { q: 'Is there a free trial?', a: 'No, there is no free trial. Free users can create one video to see how it works.' },
  { q: 'Can I cancel at any time?', a: 'Yes. You can cancel at any time from this page; your plan stays active until the end of the billing period.' },
  { q: 'What happens when I change plans?', a: 'Plan changes take effect in the next billing cycle.' },
  { q: 'How many videos does each plan include?', a: 'From a daily video for free users up to unlimited Series on premium plans: Starter posts 3 times a week, Daily once a day, Hardcore twice a day.' },
];

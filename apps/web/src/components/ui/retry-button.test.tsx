import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ApiError, TRANSPORT_ERROR_CODES } from '../../lib/api-client.ts';
import { LoadFailed } from './load-failed.tsx';
import { RetryButton } from './retry-button.tsx';

const asked = () => Promise.resolve();

describe('RetryButton', () => {
  it('when idle, then it is a plain "Try again" button with the refresh icon', () => {
    const html = renderToStaticMarkup(<RetryButton onRetry={asked} />);
    expect(html).toMatch(/^<button type="button"/);
    expect(html).toContain('Try again');
    expect(html).not.toMatch(/\saria-busy=/);
    expect(html).not.toMatch(/\saria-disabled=/);
    expect(html).not.toContain('animate-spin');
  });

  it('when busy, then it is marked busy and disabled for assistive technology but keeps focus (no disabled attribute), with the spinner', () => {
    const html = renderToStaticMarkup(<RetryButton onRetry={asked} busy />);
    expect(html).toContain('aria-busy="true"');
    expect(html).toContain('aria-disabled="true"');
    expect(html).not.toMatch(/\sdisabled=""/);
    expect(html).toContain('animate-spin');
    expect(html).toContain('Try again');
  });
});

describe('LoadFailed', () => {
  const failedRead = (error: Error) => ({ error, refetch: asked, isFetching: false });

  it('when no answer came, then it says Ajo could not be reached and what to do, not the bare "Network Error"', () => {
    const offline = new ApiError({
      status: 0,
      code: TRANSPORT_ERROR_CODES.network,
      message: 'Network Error',
    });
    const html = renderToStaticMarkup(<LoadFailed query={failedRead(offline)} />);
    expect(html).toContain('We could not reach Ajo. Check your connection and try again.');
    expect(html).not.toContain('Network Error');
  });

  it('when the server answered with a failure, then its own message is shown', () => {
    const failure = new ApiError({
      status: 500,
      code: 'internal_error',
      message: 'Something went wrong on our side. Please try again; reference req-1',
    });
    const html = renderToStaticMarkup(<LoadFailed query={failedRead(failure)} />);
    expect(html).toContain('reference req-1');
  });
});

// Which desktop OS the web view runs on, from what the web view itself reports.

type WithUaData = Navigator & { userAgentData?: { platform?: string } };

function platformText(nav: Navigator): string {
  return (nav as WithUaData).userAgentData?.platform || nav.platform || nav.userAgent;
}

export type Os = 'mac' | 'linux' | 'other';

export function detectOs(nav: Navigator = navigator): Os {
  const text = platformText(nav);
  if (/mac|iphone|ipad/i.test(text)) return 'mac';
  if (/linux/i.test(text) && !/android/i.test(nav.userAgent)) return 'linux';
  return 'other';
}

/**
 * Puts the OS on `<html data-os>` before the first layout, so app.css can name each OS's own UI
 * font directly: on Linux every family WebKitGTK does not find is another fontconfig match per
 * size and weight, and `system-ui` is one of them there.
 */
export function markOs(root: HTMLElement = document.documentElement, nav: Navigator = navigator): void {
  root.dataset.os = detectOs(nav);
}

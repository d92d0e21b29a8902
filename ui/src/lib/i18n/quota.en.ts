// The quota's words beyond the gauge: the alerts' banners, the quota panel, its
// chart and the chart's text summary. German in quota.de.ts; spread into en.ts.
export const quotaEn = {
  // Alerts. {window} is one of the quota.window* phrases; {renews} quota.alertRenews or nothing.
  'quota.windowMinute': 'this minute',
  'quota.windowDay': 'today',
  'quota.windowNow': 'for now',
  'quota.windowOther': 'in this window',
  'quota.alertLow': '{env}: {remaining} of {limit} requests left {window}{renews}.',
  'quota.alertLowFew': '{env}: few requests left {window}{renews}.',
  'quota.alertRenews': ', renews at {time}',
  'quota.alertExhausted': '{env}: no requests left {window}. Requests wait until it renews at {time}.',
  'quota.alertExhaustedNoTime': '{env}: no requests left {window}. Requests wait until it renews.',
  'quota.alertRateLimited': '{env} answered 429 Too Many Requests at {at}. Requests to {env} wait until {time}.',
  'quota.alertRateLimitedNoTime': '{env} answered 429 Too Many Requests at {at}. Requests to {env} wait as long as it asked.',
  'quota.showQuota': 'Show the quota',
  'quota.dismissAlert': 'Dismiss the alert about {env}',

  // The panel.
  'quota.panelTitle': 'Quota · {env}',
  'quota.period': 'Period',
  'quota.rangeHour': 'Last hour',
  'quota.rangeDay': 'Last day',
  'quota.reading': 'Reading the history…',
  'quota.today': 'Today',
  // The day's count is this computer's own; the service's (every computer using the
  // key) shows beside it when the headers told the day window. {plan} is quota.dayPlan or nothing.
  'quota.dayUse': { one: '{count} request from this computer today', other: '{count} requests from this computer today' },
  'quota.dayService': 'The service’s count for this key, at its last answer: {used} of {limit} used today, {remaining} left{plan}.',
  'quota.dayLimit': {
    one: 'Day limit: {count} request{plan}. The service has not told today’s count for this key.',
    other: 'Day limit: {count} requests{plan}. The service has not told today’s count for this key.',
  },
  'quota.dayPlan': ' ({plan})',
  'quota.countedFrom': 'Counted from {time} your time, when the service’s day begins.',
  'quota.byActionHour': 'Requests by action, last hour',
  'quota.byActionDay': 'Requests by action, last day',
  'quota.none': 'None.',
  'quota.action': 'Action',
  'quota.requests': 'Requests',
  'quota.share': 'Share',

  // The chart. {period} is quota.periodHour or quota.periodDay.
  'quota.periodHour': 'the last hour',
  'quota.periodDay': 'the last day',
  'quota.chartLabel': 'Requests left in {env} over {period}',
  'quota.markerTitle': 'Answered 429 Too Many Requests at {time}',
  'quota.legendLeft': 'Requests left',
  'quota.legendRenewed': 'Window renewed',
  'quota.legend429': 'Answered 429',
  'quota.summaryNone': 'No requests to {env} in {period}.',
  'quota.summaryAnswers': {
    one: '{count} answer told the quota in {period}.',
    other: '{count} answers told the quota in {period}.',
  },
  'quota.summaryLowest': 'Lowest: {remaining} of {limit} requests left, at {time}.',
  'quota.summaryNo429': 'No answer was 429 Too Many Requests.',
  'quota.summary429': {
    one: '{count} answer was 429 Too Many Requests, to the request started at {times}{more}.',
    other: '{count} answers were 429 Too Many Requests, to requests started at {times}{more}.',
  },
  'quota.summaryMore': ' and {count} more',
  'quota.summaryNoRenewal': 'The window did not renew in this time.',
  'quota.summaryRenewed': { one: 'The window renewed once.', other: 'The window renewed {count} times.' },
} as const;

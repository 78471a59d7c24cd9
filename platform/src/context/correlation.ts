/** What the work in progress is part of: the request or message that caused it. */
export interface WorkContext {
  correlationId: string;
}

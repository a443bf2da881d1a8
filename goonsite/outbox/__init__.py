"""One outbox for every game's Discord posts (R8.1, H14.5).

Guarantees, and what is left to chance:
- Nothing a game does waits for or fails because of Discord: the post's row is written in
  the transaction of what it announces, and a django-q2 task sends it after the commit.
- One runner at a time: a conditional UPDATE claims the row (pending or failed → sending);
  a second task for the same row finds nothing to claim and does nothing.
- A post of several parts saves each part's Discord message id as soon as Discord accepts
  it, so a retry resumes after the last part sent and never repeats it.
- The one window left: Discord accepts a part and the worker dies before saving its id.
  The row then stays "sending" and is not retried by itself (at most once); an admin sees
  it and can re-send, which may repeat that one part. Discord has no idempotency key.
- Network errors and 5xx are retried with exponential backoff, 429 after Discord's
  `retry_after`; any other 4xx (a bad or deleted webhook) fails at once with the reason.

A game supplies the messages only: `queue(...)` with its payloads, or with a reference its
registered maker turns into payloads when the post is sent (goonsite.outbox.makers).
"""

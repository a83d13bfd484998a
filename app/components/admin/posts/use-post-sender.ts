import * as React from "react";
import { postRequestLine } from "~/components/admin/posts/post-request-line";
import { useStaffAction } from "~/components/admin/use-staff-action";
import type { ActionBody } from "~/components/forms/use-action";
import type { ActionAnswer } from "~/lib/action-answer";
import type { PostFields, PostStatus } from "~/lib/validation/admin/posts";

export type PostAnswer = ActionAnswer<{
  id: number;
  created: boolean;
  changed: boolean;
  status: PostStatus;
  message: string;
}>;

type Request = { body: ActionBody; fields: PostFields; autosave: boolean };

/**
 * Sends the post editor's requests on its one fetcher, so that an editing session creates at
 * most one post. A new post is created by the first request addressed to /admin/posts/new (the
 * first autosave, or a button) and its id comes back in that request's answer. Any request sent
 * to "new" before then creates a post too (or is refused for the first one's slug); and sent on
 * the same fetcher it makes the router abort the first one, whose answer (the id) is then never
 * read, so every later save creates again. So while a request to "new" is in flight, a button's
 * request waits in line and goes, in order, to the id the answer gave (or to "new" again if the
 * first was refused).
 *
 * Why the order is kept here rather than the server recognising a repeated create: the press
 * would then race the autosave it follows, and a late autosave could write older fields over the
 * press's. An autosave is never queued: the fields stay unsaved after the answer, and the editor
 * schedules the next autosave by itself.
 *
 * `onAnswer` gets each answer with the fields its request carried.
 */
export function usePostSender(initialId: number | null, onAnswer: (answer: PostAnswer, fields: PostFields) => void) {
  const [postId, setPostId] = React.useState(initialId);
  // Outside React's state: a press may come before the answer's re-render.
  const [line] = React.useState(() => postRequestLine<Request>(initialId));

  const { submit, busy } = useStaffAction<PostAnswer>(
    (answer) => {
      const created = answer.ok && answer.created ? answer.id : null;
      if (created !== null) setPostId(created);
      const { request, next } = line.answered(created);
      if (request) onAnswer(answer, request.fields);
      if (next) void submit(next.request.body, next.to);
    },
    { json: true },
  );

  /** Sends now, or after the request creating the post; an autosave that cannot go now is dropped. */
  function send(body: ActionBody, fields: PostFields) {
    const now = line.send({ body, fields, autosave: body.autosave === true });
    if (now) void submit(now.request.body, now.to);
  }

  return { send, busy, postId };
}

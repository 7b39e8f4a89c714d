import { bodyParts } from './notice-board-posts';

/**
 * A post's plain text: line breaks kept (pre-line) and web addresses as links to a new tab. Everything is
 * a React text node or an <a> with the address as its text, so nothing staff type is read as HTML.
 */
export function PostBody({ body }: { body: string }) {
  return (
    <p className="mt-1 whitespace-pre-line break-words text-slate-800">
      {bodyParts(body).map((part, i) =>
        part.kind === 'text' ? (
          part.text
        ) : (
          <a
            // The parts of one body never move, so their place is their identity.
            key={i}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer"
            className="font-semibold text-blue-800 underline underline-offset-2 hover:text-blue-900"
          >
            {part.text}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        ),
      )}
    </p>
  );
}

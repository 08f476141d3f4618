import type { Segment } from '../../shared/search/text.ts';

/** Text with the matched words in `<mark>`. */
export function Marked({ segments }: { segments: Segment[] }) {
  return (
    <>
      {segments.map((s, i) =>
        s.hit ? (
          <mark key={i} className="search-mark">
            {s.text}
          </mark>
        ) : (
          s.text
        ),
      )}
    </>
  );
}

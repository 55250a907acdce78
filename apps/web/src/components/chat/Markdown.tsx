import ReactMarkdown, { type Components, defaultUrlTransform } from "react-markdown";
import rehypeHighlight from "rehype-highlight";
import remarkGfm from "remark-gfm";
import "./markdown.css";

/**
 * Links open in a new tab without access to this window; images are shown as
 * links and never fetched (a model's reply must not make the browser call
 * other servers; the Content-Security-Policy allows images from this origin
 * only); tables scroll horizontally instead of widening the chat.
 */
const components: Components = {
  a: ({ node: _node, ...props }) => <a {...props} target="_blank" rel="noopener noreferrer" />,
  img: ({ src, alt }) =>
    typeof src === "string" && src ? (
      <a href={src} target="_blank" rel="noopener noreferrer" className="pt-md-image-link">
        {alt ? `Image: ${alt}` : src}
      </a>
    ) : (
      <span>{alt}</span>
    ),
  table: ({ node: _node, ...props }) => (
    <div className="pt-md-table">
      <table {...props} />
    </div>
  ),
};

/**
 * Renders a bot reply's markdown: GitHub flavour (tables, task lists,
 * strikethrough, autolinks) and highlighted code. URLs go through
 * react-markdown's default transform, which keeps only addresses with no
 * scheme or with http, https, irc, ircs, mailto or xmpp (spec §5).
 * Loaded lazily (see LazyMarkdown) so the initial route stays small.
 */
export default function Markdown({ children }: { children: string }) {
  return (
    <div className="pt-md">
      <ReactMarkdown
        remarkPlugins={[remarkGfm]}
        rehypePlugins={[[rehypeHighlight, { detect: true }]]}
        urlTransform={defaultUrlTransform}
        components={components}
      >
        {children}
      </ReactMarkdown>
    </div>
  );
}

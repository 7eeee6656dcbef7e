import ReactMarkdown from 'react-markdown';

/**
 * Text written by the tutor, in Markdown. Raw HTML is never rendered (react-markdown escapes it),
 * and links open outside the app.
 */
export function Markdown({ text, className = '' }: { text: string; className?: string }) {
  return (
    <div className={`rich-text ${className}`}>
      <ReactMarkdown
        skipHtml
        components={{
          a: ({ href, children }) => (
            <a href={href} target="_blank" rel="noopener noreferrer nofollow">
              {children}
            </a>
          ),
          img: ({ alt }) => <span>{alt}</span>,
        }}
      >
        {text}
      </ReactMarkdown>
    </div>
  );
}

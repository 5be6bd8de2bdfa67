import { Fragment, type ReactNode } from 'react';
import { parseMarkdownLight, type MdNode } from '@/lib/markdown-light';

function render(nodes: MdNode[], key = ''): ReactNode[] {
  return nodes.map((node, i) => {
    const k = `${key}${i}`;
    switch (node.type) {
      case 'text':
        return <Fragment key={k}>{node.text}</Fragment>;
      case 'br':
        return <br key={k} />;
      case 'code':
        return (
          <code key={k} className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.85em] text-slate-800">
            {node.text}
          </code>
        );
      case 'strong':
        return (
          <strong key={k} className="font-semibold">
            {render(node.children, `${k}.`)}
          </strong>
        );
      case 'em':
        return <em key={k}>{render(node.children, `${k}.`)}</em>;
      case 'link':
        return (
          <a key={k} href={node.href} target="_blank" rel="noopener noreferrer nofollow" className="break-all text-brand-700 underline hover:text-brand-800">
            {render(node.children, `${k}.`)}
          </a>
        );
      case 'mention':
        return (
          <span key={k} className="rounded bg-brand-50 px-0.5 font-medium text-brand-700" data-member-id={node.id}>
            @{node.name}
          </span>
        );
    }
  });
}

/** A comment's Markdown-light text as React elements (never as an HTML string). */
export function MarkdownLight({ text, className }: { text: string; className?: string }) {
  return <div className={className}>{render(parseMarkdownLight(text))}</div>;
}

// The back office's rich-text editor (issue 10: "a real rich-text editor, not a textarea"):
// Tiptap (ProseMirror) with the starter kit: headings, bold, italic, underline, strike, lists,
// quotes, code, rules, links, undo/redo. An HTML view lets an admin paste markup from elsewhere;
// whatever is sent, the catalogue sanitises it against its allow-list before storing it.
import { useEffect, useState } from 'react';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useTranslation } from '@taal/web-shared/i18n';

interface Tool {
  key: string;
  label: string;
  active?: (e: Editor) => boolean;
  run: (e: Editor) => void;
}

const TOOLS: Tool[] = [
  { key: 'bold', label: 'B', active: (e) => e.isActive('bold'), run: (e) => e.chain().focus().toggleBold().run() },
  { key: 'italic', label: 'I', active: (e) => e.isActive('italic'), run: (e) => e.chain().focus().toggleItalic().run() },
  { key: 'underline', label: 'U', active: (e) => e.isActive('underline'), run: (e) => e.chain().focus().toggleUnderline().run() },
  { key: 'strike', label: 'S', active: (e) => e.isActive('strike'), run: (e) => e.chain().focus().toggleStrike().run() },
  { key: 'h2', label: 'H2', active: (e) => e.isActive('heading', { level: 2 }), run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run() },
  { key: 'h3', label: 'H3', active: (e) => e.isActive('heading', { level: 3 }), run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run() },
  { key: 'bulletList', label: '•', active: (e) => e.isActive('bulletList'), run: (e) => e.chain().focus().toggleBulletList().run() },
  { key: 'orderedList', label: '1.', active: (e) => e.isActive('orderedList'), run: (e) => e.chain().focus().toggleOrderedList().run() },
  { key: 'blockquote', label: '❝', active: (e) => e.isActive('blockquote'), run: (e) => e.chain().focus().toggleBlockquote().run() },
  { key: 'code', label: '</>', active: (e) => e.isActive('codeBlock'), run: (e) => e.chain().focus().toggleCodeBlock().run() },
  { key: 'rule', label: '―', run: (e) => e.chain().focus().setHorizontalRule().run() },
  { key: 'undo', label: '↶', run: (e) => e.chain().focus().undo().run() },
  { key: 'redo', label: '↷', run: (e) => e.chain().focus().redo().run() },
];

export function RichEditor({ value, onChange, label, testId = 'rich-editor' }: { value: string; onChange: (html: string) => void; label: string; testId?: string }) {
  const { t } = useTranslation();
  const [source, setSource] = useState(false);
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'] } })],
    content: value,
    // Tiptap's own CSS would be a <style> element, refused by the page's CSP (style-src 'self',
    // issue 55): the same rules are in admin.css.
    injectCSS: false,
    shouldRerenderOnTransaction: true,
    editorProps: { attributes: { 'aria-label': label, 'aria-multiline': 'true', role: 'textbox', class: 'rich-editor-content', 'data-testid': `${testId}-content` } },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });

  // Back from the HTML view: the editor reads the markup (dropping what it cannot show).
  useEffect(() => {
    if (!source && editor && value !== (editor.isEmpty ? '' : editor.getHTML())) editor.commands.setContent(value, { emitUpdate: false });
    // Only when the view changes: typing in the editor already keeps `value` in step.
  }, [source, editor]);

  const link = () => {
    if (!editor) return;
    const previous = (editor.getAttributes('link').href as string | undefined) ?? 'https://';
    const href = window.prompt(t('adminFreebies.editor.linkPrompt'), previous);
    if (href === null) return;
    if (href.trim() === '') editor.chain().focus().extendMarkRange('link').unsetLink().run();
    else if (/^(https?:|mailto:)/i.test(href.trim())) editor.chain().focus().extendMarkRange('link').setLink({ href: href.trim() }).run();
  };

  return (
    <div className={`rich-editor ${source ? 'source' : ''}`} data-testid={testId}>
      <div className="rich-editor-toolbar" role="toolbar" aria-label={t('adminFreebies.editor.toolbar')}>
        {TOOLS.map((tool) => (
          <button
            key={tool.key}
            type="button"
            className={`rich-tool ${editor && tool.active?.(editor) ? 'active' : ''}`}
            aria-pressed={tool.active ? Boolean(editor && tool.active(editor)) : undefined}
            title={t(`adminFreebies.editor.${tool.key}`)}
            // A label of more than one letter or digit (H2, H3, 1.) is spoken before the tool's name, so
            // a voice command naming what is seen reaches it (axe's label-content-name-mismatch).
            aria-label={/[A-Za-z0-9]/.test(tool.label) && tool.label.length > 1 ? `${tool.label} ${t(`adminFreebies.editor.${tool.key}`)}` : t(`adminFreebies.editor.${tool.key}`)}
            disabled={!editor || source}
            // The editor keeps the focus and the selection while a tool is clicked.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => editor && tool.run(editor)}
            data-tool={tool.key}
          >
            {tool.label}
          </button>
        ))}
        <button type="button" className={`rich-tool ${editor?.isActive('link') ? 'active' : ''}`} title={t('adminFreebies.editor.link')} aria-label={t('adminFreebies.editor.link')} disabled={!editor || source} onMouseDown={(e) => e.preventDefault()} onClick={link} data-tool="link">
          <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" aria-hidden="true">
            <path d="M10 13a5 5 0 0 0 7.07 0l3-3a5 5 0 0 0-7.07-7.07l-1.5 1.5" />
            <path d="M14 11a5 5 0 0 0-7.07 0l-3 3a5 5 0 0 0 7.07 7.07l1.5-1.5" />
          </svg>
        </button>
        <button type="button" className={`rich-tool rich-tool-source ${source ? 'active' : ''}`} aria-pressed={source} onClick={() => setSource((s) => !s)} data-testid={`${testId}-source-toggle`}>
          {t('adminFreebies.editor.html')}
        </button>
      </div>
      {source ? (
        <textarea className="rich-editor-source" aria-label={t('adminFreebies.editor.htmlLabel')} value={value} onChange={(e) => onChange(e.target.value)} rows={12} spellCheck={false} data-testid={`${testId}-source`} />
      ) : (
        <EditorContent editor={editor} />
      )}
    </div>
  );
}

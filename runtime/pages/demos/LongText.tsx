/** Paragraphs enough to scroll the page area, for the back-to-top and sticky demos. */
import { useDemoTranslation } from './demoMessages.ts';

export default function LongText({ count }: { count: number }) {
  const { t } = useDemoTranslation();
  return (
    <>
      {Array.from({ length: count }, (_, i) => (
        <p key={i} className="demo-long-paragraph">
          {t('demo.longText.paragraph', { n: i + 1 })}
        </p>
      ))}
    </>
  );
}

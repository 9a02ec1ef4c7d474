/**
 * The record form's rjsf templates. They replace the Ant Design theme's FieldTemplate and
 * ObjectFieldTemplate. That theme puts the root object in a Form.Item whose contexts change on
 * every render, so every field's Form.Item re-rendered on each keystroke (60 to 120 ms with
 * 200 fields, docs/benchmarks.md); and each Form.Item render reads the item's offsetParent,
 * which forces a layout of the whole form. Here the root object is a plain grid that provides no
 * context, and a field row is plain markup styled like an Ant Design form item (the colours
 * come from the theme, resourceForm.css), rendered only when its own field changes
 * (ResourceObjectField.tsx).
 */
import { useRef, type CSSProperties, type ReactElement } from 'react';
import { getUiOptions, type FieldTemplateProps, type ObjectFieldTemplateProps } from '@rjsf/utils';
import { errorIdOf, FIELD_OPTION, formContextOf } from './formContext.ts';
import type { PlannedField } from './formPlan.ts';

const GRID_COLUMNS = 24;

const spanStyles = new Map<number, CSSProperties>();
/** One style object per span, so cells keep their props between renders. */
function spanStyle(span: number | undefined): CSSProperties {
  const n = Math.max(1, Math.min(GRID_COLUMNS, Math.round(span ?? GRID_COLUMNS)));
  let style = spanStyles.get(n);
  if (!style) spanStyles.set(n, (style = { gridColumn: `span ${n}` }));
  return style;
}

function ErrorLines({ id, errors }: { id: string; errors: readonly string[] }) {
  return (
    <div className="resource-form-errors" role="alert" id={id}>
      {errors.map((e, i) => (
        <div key={i}>{e}</div>
      ))}
    </div>
  );
}

export function ResourceFieldTemplate(props: FieldTemplateProps) {
  const { id, label, required, rawErrors, children, hidden, uiSchema, fieldPathId } = props;
  // The root object: its properties are laid out by ResourceObjectFieldTemplate.
  if (fieldPathId.path.length === 0) return children;
  if (hidden) return null;
  const ctx = formContextOf(props);
  const field = getUiOptions(uiSchema)[FIELD_OPTION] as PlannedField | undefined;
  ctx.onFieldRender?.(field?.name ?? id);
  const errors = rawErrors?.filter((e) => !!e) ?? [];
  const help = field?.ui.help ? ctx.t(field.ui.help) : undefined;
  return (
    <div className={errors.length ? 'resource-form-item resource-form-item-error' : 'resource-form-item'} data-field={field?.name}>
      <div className="resource-form-label">
        <label htmlFor={id} className={required ? 'resource-form-required' : undefined} title={label}>
          {label}
        </label>
      </div>
      <div className="resource-form-control">
        {children}
        {help && <div className="resource-form-help">{help}</div>}
        {errors.length > 0 && <ErrorLines id={errorIdOf(id)} errors={errors} />}
      </div>
    </div>
  );
}

export function ResourceObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const ctx = formContextOf(props);
  const narrow = ctx.layout === 'vertical';
  // A cell whose content and span did not change keeps its element (see ResourceObjectField).
  const cells = useRef(new Map<string, { content: ReactElement; style: CSSProperties; element: ReactElement }>());
  return (
    <div className="resource-form-grid">
      {props.properties.map((p) => {
        if (p.hidden) return null;
        const style = spanStyle(narrow ? GRID_COLUMNS : ctx.plan.byName.get(p.name)?.ui.span);
        let cell = cells.current.get(p.name);
        if (!cell || cell.content !== p.content || cell.style !== style) {
          cell = {
            content: p.content,
            style,
            element: (
              <div key={p.name} className="resource-form-cell" style={style}>
                {p.content}
              </div>
            ),
          };
          cells.current.set(p.name, cell);
        }
        return cell.element;
      })}
    </div>
  );
}

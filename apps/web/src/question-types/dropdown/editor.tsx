import { useTranslation } from 'react-i18next';
import { useId, useState } from 'react';
import { ListPlus } from 'lucide-react';
import { LIMITS } from '@quorum/contract';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/field';
import { choiceDraftOf, choiceInputOf, choiceSwitchTo, pasteOptions } from '../choice/options';
import { OptionsEditor } from '../choice/options-editor';
import type { QuestionEditorPart, QuestionFieldsProps } from '../types';

function DropdownFields(props: QuestionFieldsProps) {
  const { question, disabled, onChange } = props;
  const { t } = useTranslation('editor');
  const [pasted, setPasted] = useState('');
  const id = useId();
  return (
    <OptionsEditor
      {...props}
      hint={t('questionTypes.dropdown.hint', { max: LIMITS.dropdownOptions })}
      max={LIMITS.dropdownOptions}
    >
      <div className="space-y-1.5 border-t border-slate-100 pt-3">
        <label htmlFor={id} className="block text-sm text-slate-700">
          {t('questionTypes.dropdown.pasteLabel')}
        </label>
        <Textarea
          id={id}
          rows={4}
          value={pasted}
          aria-describedby={`${id}-hint`}
          onChange={(e) => setPasted(e.target.value)}
        />
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {t('questionTypes.dropdown.pasteHint')}
        </p>
        <Button
          variant="secondary"
          size="sm"
          disabled={disabled || pasted.trim() === ''}
          onClick={() => {
            onChange(pasteOptions(question, pasted, LIMITS.dropdownOptions));
            setPasted('');
          }}
        >
          <ListPlus className="size-4" aria-hidden="true" />
          {t('questionTypes.dropdown.pasteAdd')}
        </Button>
      </div>
    </OptionsEditor>
  );
}

/** One answer from a long list (up to LIMITS.dropdownOptions options). */
export const dropdownEditor: QuestionEditorPart<'dropdown'> = {
  type: 'dropdown',
  switchTo: choiceSwitchTo,
  draftOf: choiceDraftOf,
  inputOf: choiceInputOf,
  Fields: DropdownFields,
};

import { t } from 'i18next';
import { useId, useState, type InputHTMLAttributes, type Ref } from 'react';
import { VisibilityOffPlainIcon as VisibilityOff } from '../../../components/icons/visibility-off-plain';
import { VisibilityPlainIcon as Visibility } from '../../../components/icons/visibility-plain';

type LoginFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'placeholder'> & { label: string; ref?: Ref<HTMLInputElement> };

/**
 * The login form's outlined field with its floating label, drawn by CSS alone (login-page.css):
 * the label rises when the field has focus or a value, also before any script has run. The
 * placeholder is a single space only so that CSS can tell an empty field (`:placeholder-shown`).
 */
export function LoginField({ label, className, children, ...inputProps }: LoginFieldProps) {
  const id = useId();
  return (
    <div className={className ? `login-field ${className}` : 'login-field'}>
      <input {...inputProps} id={id} placeholder=" " />
      <label htmlFor={id}>{label}</label>
      <fieldset aria-hidden="true">
        <legend>
          <span>{label}</span>
        </legend>
      </fieldset>
      {children}
    </div>
  );
}

/** The password field with the spec's show/hide toggle. */
export function LoginPasswordField(props: Omit<LoginFieldProps, 'type'>) {
  const [visible, setVisible] = useState(false);
  return (
    <LoginField {...props} type={visible ? 'text' : 'password'} className="with-toggle">
      <button
        type="button"
        className="login-field-toggle"
        aria-label={visible ? t('general.hidePassword') : t('general.showPassword')}
        onClick={() => setVisible((shown) => !shown)}
        // Keeps the caret in the field when the toggle is clicked.
        onMouseDown={(event) => event.preventDefault()}
      >
        {visible ? <VisibilityOff /> : <Visibility />}
      </button>
    </LoginField>
  );
}

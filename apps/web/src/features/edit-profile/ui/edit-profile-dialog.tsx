import { PROFILE_LIMITS, PROFILE_MESSAGES, PROFILE_SIZES, type Profile, type ProfileSize } from '@sys/shared';
import { CameraIcon, ImageIcon, UserRoundIcon } from 'lucide-react';
import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '@/shared/api/api-client';
import { type KnownApiErrors, useApiErrorText } from '@/shared/api/use-api-error-text';
import { Button } from '@/shared/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/shared/ui/dialog';
import { FormDialogFooter } from '@/shared/ui/form-dialog-footer';
import { FormField } from '@/shared/ui/form-field';
import { Input } from '@/shared/ui/input';
import { OwnImage } from '@/shared/ui/own-image';
import { Select } from '@/shared/ui/select';
import { showToast } from '@/shared/ui/show-toast';
import { Switch } from '@/shared/ui/switch';
import { Textarea } from '@/shared/ui/textarea';
import { useUpdateProfileMutation } from '../api/update-profile';
import { AvatarError, useUploadAvatarMutation } from '../api/upload-avatar';

export interface EditProfileDialogProps {
  profile: Profile;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

interface FormState {
  displayName: string;
  username: string;
  bio: string;
  size: ProfileSize;
  chest: string;
  waist: string;
  hip: string;
  measurementsPublic: boolean;
}

/** A measurement never entered is an empty box (saved empty, it stays not entered). */
const measurementText = (value: number | null) => (value === null ? '' : String(value));

function formFrom(profile: Profile): FormState {
  return {
    displayName: profile.display_name ?? '',
    username: profile.username ?? '',
    bio: profile.bio ?? '',
    size: profile.size,
    chest: measurementText(profile.chest_circumference),
    waist: measurementText(profile.waist_circumference),
    hip: measurementText(profile.hip_circumference),
    measurementsPublic: profile.measurements_public,
  };
}

/** The server's profile messages the dialog can meet, translated under locales' profileMessages. */
const PROFILE_MESSAGE_KEYS = [
  'usernameLength',
  'usernameCharacters',
  'usernameReserved',
  'usernameTaken',
  'avatarNotOurs',
  'profileNotFound',
] as const satisfies ReadonlyArray<keyof typeof PROFILE_MESSAGES>;

/** The server's complaint about the username (a 409 or 400 naming the field), if that is what failed. */
function usernameIssue(error: unknown): string | undefined {
  const details = (error as Partial<ApiError> | null)?.details;
  if (!Array.isArray(details)) return undefined;
  const issue = details.find(
    (detail): detail is { field: string; message: string } =>
      detail?.field === 'body.username' && typeof detail.message === 'string',
  );
  return issue?.message;
}

/** The Edit Profile dialog (spec section 2): avatar, name, username, bio, size and measurements. */
export default function EditProfileDialog({ profile, open, onOpenChange }: EditProfileDialogProps) {
  const { t } = useTranslation();
  const errorText = useApiErrorText();
  const [form, setForm] = useState(() => formFrom(profile));
  const [usernameError, setUsernameError] = useState<string>();
  const usernameInput = useRef<HTMLInputElement>(null);
  const update = useUpdateProfileMutation();
  const avatar = useUploadAvatarMutation();
  const cameraInput = useRef<HTMLInputElement>(null);
  const galleryInput = useRef<HTMLInputElement>(null);

  const set = <K extends keyof FormState>(key: K, value: FormState[K]) =>
    setForm((current) => ({ ...current, [key]: value }));

  const translateProfileMessage = (message: string) => {
    const key = PROFILE_MESSAGE_KEYS.find((name) => PROFILE_MESSAGES[name] === message);
    return key ? t(`profileMessages.${key}`) : undefined;
  };
  const known: KnownApiErrors = (error) => translateProfileMessage(error.message);

  const onAvatarPicked = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    avatar.mutate(file, {
      onSuccess: () => void showToast('success', t('profile.edit.avatarUpdated')),
      onError: (error) => {
        const step = error instanceof AvatarError ? error.step : 'upload';
        const cause = error instanceof AvatarError ? error.cause : error;
        void showToast(
          'destructive',
          step === 'upload' ? t('profile.edit.uploadError') : t('profile.edit.avatarError'),
          { description: errorText(cause, known) },
        );
      },
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      {
        display_name: form.displayName,
        username: form.username,
        bio: form.bio,
        size: form.size,
        chest_circumference: form.chest,
        waist_circumference: form.waist,
        hip_circumference: form.hip,
        measurements_public: form.measurementsPublic,
      },
      {
        onSuccess: () => {
          void showToast('success', t('profile.edit.saved'));
          onOpenChange(false);
        },
        onError: (error) => {
          const issue = usernameIssue(error);
          if (issue !== undefined) {
            // Said where it is wrong (the field may be scrolled out of view), and in the toast.
            setUsernameError(translateProfileMessage(issue) ?? errorText(error));
            usernameInput.current?.focus();
          }
          void showToast('destructive', t('profile.edit.saveError'), {
            description: errorText(error, known),
          });
        },
      },
    );
  };

  const measurement = (key: 'chest' | 'waist' | 'hip') => (
    <FormField label={t(`profile.edit.${key}`)}>
      {(control) => (
        <Input
          {...control}
          type="number"
          inputMode="numeric"
          min={0}
          max={300}
          step={1}
          value={form[key]}
          onChange={(event) => set(key, event.target.value)}
        />
      )}
    </FormField>
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] scroll-pb-40 overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{t('profile.edit.title')}</DialogTitle>
          <DialogDescription>{t('profile.edit.description')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="mt-4 flex flex-col gap-4">
          <div className="flex flex-col items-center gap-3">
            <span className="flex size-24 items-center justify-center overflow-hidden rounded-full bg-subtle text-muted">
              <OwnImage
                src={profile.avatar_url}
                alt={t('profile.edit.currentAvatar')}
                className="size-full object-cover"
                fallback={<UserRoundIcon aria-hidden className="size-10" />}
              />
            </span>
            <div className="flex gap-2">
              <Button
                variant="outline"
                size="sm"
                disabled={avatar.isPending}
                onClick={() => cameraInput.current?.click()}
              >
                <CameraIcon aria-hidden />
                {t('profile.edit.camera')}
              </Button>
              <Button
                variant="outline"
                size="sm"
                disabled={avatar.isPending}
                onClick={() => galleryInput.current?.click()}
              >
                <ImageIcon aria-hidden />
                {t('profile.edit.gallery')}
              </Button>
            </div>
            {avatar.isPending ? (
              <p role="status" className="text-[13px] text-muted">
                {t('profile.edit.uploading')}
              </p>
            ) : null}
            <input
              ref={cameraInput}
              type="file"
              accept="image/*"
              capture="user"
              className="hidden"
              aria-label={t('profile.edit.camera')}
              onChange={onAvatarPicked}
            />
            <input
              ref={galleryInput}
              type="file"
              accept="image/*"
              className="hidden"
              aria-label={t('profile.edit.gallery')}
              data-testid="avatar-gallery-input"
              onChange={onAvatarPicked}
            />
          </div>
          <FormField label={t('profile.edit.name')} hint={t('profile.edit.nameHint')}>
            {(control) => (
              <Input
                {...control}
                value={form.displayName}
                autoComplete="name"
                dir="auto"
                maxLength={PROFILE_LIMITS.displayNameMaxChars}
                onChange={(event) => set('displayName', event.target.value)}
              />
            )}
          </FormField>
          <FormField label={t('profile.edit.username')} error={usernameError}>
            {(control) => (
              <Input
                {...control}
                ref={usernameInput}
                value={form.username}
                autoComplete="username"
                autoCapitalize="none"
                dir="ltr"
                onChange={(event) => {
                  set('username', event.target.value);
                  setUsernameError(undefined);
                }}
              />
            )}
          </FormField>
          <FormField label={t('profile.edit.bio')}>
            {(control) => (
              <Textarea
                {...control}
                rows={3}
                dir="auto"
                value={form.bio}
                placeholder={t('profile.edit.bioPlaceholder')}
                onChange={(event) => set('bio', event.target.value)}
              />
            )}
          </FormField>
          <FormField label={t('profile.edit.size')}>
            {(control) => (
              <Select
                id={control.id}
                value={form.size}
                onValueChange={(value) => set('size', value as ProfileSize)}
                options={PROFILE_SIZES.map((size) => ({ value: size, label: size }))}
              />
            )}
          </FormField>
          <fieldset className="flex flex-col gap-3">
            <div className="flex items-center justify-between gap-3">
              <legend className="text-sm font-semibold text-ink">{t('profile.edit.measurements')}</legend>
              <div className="flex items-center gap-2">
                <span aria-hidden className="text-[13px] font-medium text-muted">
                  {form.measurementsPublic ? t('profile.edit.public') : t('profile.edit.private')}
                </span>
                <Switch
                  aria-label={t('profile.edit.measurementsPublic')}
                  checked={form.measurementsPublic}
                  onCheckedChange={(checked) => set('measurementsPublic', checked)}
                />
              </div>
            </div>
            <div className="grid grid-cols-3 gap-2">
              {measurement('chest')}
              {measurement('waist')}
              {measurement('hip')}
            </div>
          </fieldset>
          <FormDialogFooter
            cancelLabel={t('profile.edit.cancel')}
            submitLabel={t('profile.edit.save')}
            pendingLabel={t('profile.edit.saving')}
            pending={update.isPending}
            sticky
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}

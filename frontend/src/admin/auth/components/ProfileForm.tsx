import { useState, type FormEvent } from 'react';
import type { ProfileInput, StaffUser } from '#src/contract/team';
import { ProfileFields } from '@/shared/components/ProfileFields';
import { useToast } from '@/shared/components/toast';
import { useUpdateProfileMutation } from '@/admin/auth/api/authApi';
import { useSaveOrToast } from '@/shared/hooks/useSaveOrToast';
import { SettingsForm } from '@/admin/auth/components/SettingsForm';

export function ProfileForm({ user }: { user: StaffUser }) {
  const toast = useToast();
  const save = useSaveOrToast();
  const [updateProfile, { isLoading }] = useUpdateProfileMutation();
  const [profile, setProfile] = useState<ProfileInput>({
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
  });
  const { firstName, lastName, email } = profile;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!firstName.trim() || !lastName.trim() || !email.trim()) {
      toast({
        title: 'Please fill in required fields',
        description: 'First name, last name and email are required.',
        variant: 'destructive',
      });
      return;
    }
    const saved = await save(
      updateProfile({ firstName, lastName, email: email.trim() }).unwrap(),
      'Failed to save profile',
    );
    if (!saved) return;
    toast({
      title: 'Profile saved',
      description: 'Your details were updated.',
      variant: 'success',
    });
  };

  return (
    <SettingsForm onSubmit={submit} saveLabel="Save Profile" saving={isLoading}>
      <ProfileFields
        values={profile}
        onChange={(field, value) => setProfile((current) => ({ ...current, [field]: value }))}
      />
    </SettingsForm>
  );
}

import { Button, Stack, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import type { StaffUser } from '#src/contract/team';
import { useToast } from '@/shared/components/toast';
import { useUpdateProfileMutation } from '@/admin/auth/api/authApi';
import { useSaveOrToast } from '@/shared/hooks/useSaveOrToast';

export function ProfileForm({ user }: { user: StaffUser }) {
  const toast = useToast();
  const save = useSaveOrToast();
  const [updateProfile, { isLoading }] = useUpdateProfileMutation();
  const [firstName, setFirstName] = useState(user.firstName);
  const [lastName, setLastName] = useState(user.lastName);
  const [email, setEmail] = useState(user.email);

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
    <Stack component="form" spacing={2} onSubmit={submit} noValidate>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label="First name"
          value={firstName}
          onChange={(e) => setFirstName(e.target.value)}
          required
          fullWidth
        />
        <TextField
          label="Last name"
          value={lastName}
          onChange={(e) => setLastName(e.target.value)}
          required
          fullWidth
        />
      </Stack>
      <TextField
        label="Email"
        type="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        required
      />
      <Button
        type="submit"
        variant="contained"
        disabled={isLoading}
        sx={{ alignSelf: 'flex-start' }}
      >
        {isLoading ? 'Saving...' : 'Save Profile'}
      </Button>
    </Stack>
  );
}

import { FormControlLabel, FormHelperText, Stack, Switch } from '@mui/material';
import { useSetTeamSecurityMutation, useTeamSecurityQuery } from '@/admin/team/api/teamApi';
import { useSaveOrToast } from '@/shared/hooks/useSaveOrToast';

/** Whether admins must sign in with two steps; an admin without it sets it up at sign-in. */
export function SecondFactorPolicySwitch() {
  const policy = useTeamSecurityQuery();
  const [setPolicy, { isLoading }] = useSetTeamSecurityMutation();
  const save = useSaveOrToast();
  const required = policy.data?.secondFactorRequiredForAdmins ?? false;
  return (
    <Stack sx={{ mb: 2 }}>
      <FormControlLabel
        control={
          <Switch
            checked={required}
            disabled={!policy.data || isLoading}
            onChange={(_, checked) =>
              void save(
                setPolicy({ secondFactorRequiredForAdmins: checked }).unwrap(),
                'Could not change the sign-in policy',
              )
            }
          />
        }
        label="Require two-step sign-in for admins"
      />
      <FormHelperText>
        An admin without it is asked to set it up at sign-in before anything else opens.
      </FormHelperText>
    </Stack>
  );
}

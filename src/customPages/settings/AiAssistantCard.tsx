import { useState } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { NotYetAvailable } from '@/customPages/dashboard/NotYetAvailable';

// spec 2: non-functional; the switches only hold local state, and start off because nothing
// they name is running yet (an ON switch on a placeholder reads as a live setting)
const INITIAL = { enable: false, autoRespond: false, debug: false };
type Option = keyof typeof INITIAL;

export const AiAssistantCard = () => {
  const translate = useTranslate();
  const [options, setOptions] = useState(INITIAL);

  return (
    <Card>
      <CardContent>
        <Typography component="h2" variant="h6" gutterBottom sx={{ display: 'inline' }}>
          {translate('app.settings.ai.title')}
        </Typography>
        <NotYetAvailable id="ai-assistant-note" noteKey="app.settings.placeholderNote" />
        <FormGroup>
          {(Object.keys(INITIAL) as Option[]).map((option) => (
            <FormControlLabel
              key={option}
              label={translate(`app.settings.ai.${option}`)}
              control={
                <Switch
                  slotProps={{ input: { 'aria-describedby': 'ai-assistant-note' } }}
                  checked={options[option]}
                  onChange={(event) => setOptions((current) => ({ ...current, [option]: event.target.checked }))}
                />
              }
            />
          ))}
        </FormGroup>
      </CardContent>
    </Card>
  );
};

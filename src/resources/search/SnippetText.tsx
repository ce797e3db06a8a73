import Box from '@mui/material/Box';
import { snippetParts } from '@/contract/transcriptSearch';

/** A snippet as text, its matching words marked (the server's marks are split here, never read as HTML). */
export const SnippetText = ({ snippet }: { snippet: string }) => (
  <>
    {snippetParts(snippet).map((part, index) =>
      part.match ? (
        <Box component="mark" key={index} sx={{ bgcolor: 'warning.light', color: 'common.black', px: 0.25, borderRadius: 0.5 }}>
          {part.text}
        </Box>
      ) : (
        <span key={index}>{part.text}</span>
      ),
    )}
  </>
);

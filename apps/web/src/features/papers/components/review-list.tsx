import { t } from 'i18next';
import type { PaperResult } from '@academy/contract';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ReviewQuestion } from './review-question';

type Review = NonNullable<PaperResult['review']>;

interface ReviewListProps {
  paperId: string;
  review: Review;
  /** The reader's name and regNo, moved over each question as over the sitting screen. */
  watermark?: { name: string; regNo: string };
}

/** Every question in the student's own order, as much of it as the paper's review setting allows. */
export function ReviewList({ paperId, review, watermark }: ReviewListProps) {
  return (
    <Box component="section" aria-labelledby="review-heading" sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Box>
        <Typography id="review-heading" variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          {t('papersResults.review')}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t(`papersResults.reviewLevel.${review.level}`)}
        </Typography>
      </Box>
      <Box component="ol" sx={{ m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        {review.questions.map((question) => (
          <ReviewQuestion key={question.id} paperId={paperId} question={question} watermark={watermark} />
        ))}
      </Box>
    </Box>
  );
}

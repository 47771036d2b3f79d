// The landing page after login: a greeting until the dashboard widgets arrive.
import { Card, makeStyles, Text, Title3, tokens } from '@fluentui/react-components';
import { useSession } from '../app/session-context.tsx';

const useStyles = makeStyles({
  card: { maxWidth: '560px', rowGap: tokens.spacingVerticalS },
});

export function HomePage() {
  const styles = useStyles();
  const { user } = useSession();
  return (
    <Card className={styles.card} size="small">
      <Title3>欢迎使用货运数字化平台，{user.realName || user.userName}！</Title3>
      {user.corpName && <Text>所属企业：{user.corpName}</Text>}
      {user.partnerName && <Text>合作方：{user.partnerName}</Text>}
    </Card>
  );
}

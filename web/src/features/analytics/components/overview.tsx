import { useState, type ReactElement } from 'react';
import { Alert, Card, Col, Empty, Row, Segmented, Skeleton, Statistic } from 'antd';
import { Bar, BarChart, CartesianGrid, Cell, Legend, Line, LineChart, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useGetAnalyticsStatsQuery } from '../api';

const COLORS = ['#1677ff', '#52c41a', '#ff4d4f', '#faad14', '#722ed1', '#13c2c2'];
type Bucket = 'hour' | 'day' | 'week';

const label = (start: string, bucket: Bucket) => (bucket === 'hour' ? start.slice(5, 16).replace('T', ' ') : start.slice(5, 10));

function ChartCard({ title, empty, children }: { title: string; empty: boolean; children: ReactElement }): ReactElement {
  return (
    <Card title={title} size="small" className="analytics-chart">
      {empty ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Nothing in this range yet" /> : <ResponsiveContainer width="100%" height={240}>{children}</ResponsiveContainer>}
    </Card>
  );
}

/** The stats API as charts: videos, render times, failures, the funnel, plans and posts. */
export function AnalyticsOverview(): ReactElement {
  const [bucket, setBucket] = useState<Bucket>('day');
  const { data, isFetching, error, refetch } = useGetAnalyticsStatsQuery({ bucket });
  const chooser = (
    <Segmented<Bucket> aria-label="Bucket" value={bucket} onChange={setBucket} options={[{ label: 'Hours', value: 'hour' }, { label: 'Days', value: 'day' }, { label: 'Weeks', value: 'week' }]} />
  );
  if (error) return <Alert type="error" showIcon message="The stats could not be loaded" action={<a onClick={() => void refetch()}>Retry</a>} />;
  if (!data) return <Skeleton active paragraph={{ rows: 8 }} />;

  const buckets = data.buckets.map((b) => ({ ...b, label: label(b.start, bucket) }));
  const totals = buckets.reduce((t, b) => ({ requested: t.requested + b.videosRequested, done: t.done + b.videosDone, failed: t.failed + b.videosFailed, signups: t.signups + b.signups }), { requested: 0, done: 0, failed: 0, signups: 0 });
  const stages = Object.entries(data.renderSeconds.byStage).map(([stage, p]) => ({ stage, ...p }));
  const failures = Object.entries(data.failuresByStage).map(([stage, count]) => ({ stage, count }));
  const funnel = [
    { step: 'Signed up', users: data.funnel.signedUp },
    { step: 'First video', users: data.funnel.firstVideo },
    { step: 'Subscribed', users: data.funnel.subscribed },
  ];
  const plans = Object.entries(data.plans).map(([plan, users]) => ({ plan, users })).filter((p) => p.users > 0);
  const posts = Object.entries(data.postsByPlatform).map(([platform, count]) => ({ platform, count }));

  return (
    <div className="analytics-overview" aria-busy={isFetching}>
      <div className="analytics-toolbar">{chooser}</div>
      <Row gutter={[16, 16]}>
        <Col xs={12} md={6}><Card size="small"><Statistic title="Sign-ups" value={totals.signups} /></Card></Col>
        <Col xs={12} md={6}><Card size="small"><Statistic title="Videos requested" value={totals.requested} /></Card></Col>
        <Col xs={12} md={6}><Card size="small"><Statistic title="Videos done" value={totals.done} /></Card></Col>
        <Col xs={12} md={6}><Card size="small"><Statistic title="Render p50 / p95" value={`${data.renderSeconds.p50} / ${data.renderSeconds.p95} s`} /></Card></Col>
        <Col xs={24} lg={12}>
          <ChartCard title="Videos" empty={totals.requested === 0}>
            <LineChart data={buckets}>
              <CartesianGrid strokeDasharray="3 3" /><XAxis dataKey="label" /><YAxis allowDecimals={false} /><Tooltip /><Legend />
              <Line type="monotone" dataKey="videosRequested" name="Requested" stroke={COLORS[0]} />
              <Line type="monotone" dataKey="videosDone" name="Done" stroke={COLORS[1]} />
              <Line type="monotone" dataKey="videosFailed" name="Failed" stroke={COLORS[2]} />
            </LineChart>
          </ChartCard>
        </Col>
        <Col xs={24} lg={12}>
          <ChartCard title="Render seconds per stage (p50, p95)" empty={stages.length === 0}>
            <BarChart data={stages}>
              <CartesianGrid strokeDasharray="3 3" /><XAxis dataKey="stage" /><YAxis /><Tooltip /><Legend />
              <Bar dataKey="p50" name="p50" fill={COLORS[0]} />
              <Bar dataKey="p95" name="p95" fill={COLORS[4]} />
            </BarChart>
          </ChartCard>
        </Col>
        <Col xs={24} lg={12}>
          <ChartCard title="Failures by stage" empty={failures.length === 0}>
            <BarChart data={failures}><CartesianGrid strokeDasharray="3 3" /><XAxis dataKey="stage" /><YAxis allowDecimals={false} /><Tooltip /><Bar dataKey="count" name="Failures" fill={COLORS[2]} /></BarChart>
          </ChartCard>
        </Col>
        <Col xs={24} lg={12}>
          <ChartCard title="Funnel: sign-up → first video → subscription" empty={data.funnel.signedUp === 0}>
            <BarChart data={funnel} layout="vertical"><CartesianGrid strokeDasharray="3 3" /><XAxis type="number" allowDecimals={false} /><YAxis type="category" dataKey="step" width={90} /><Tooltip /><Bar dataKey="users" name="Users" fill={COLORS[1]} /></BarChart>
          </ChartCard>
        </Col>
        <Col xs={24} lg={12}>
          <ChartCard title="Users by plan" empty={plans.length === 0}>
            <PieChart>
              {/* A lone slice is outlined in its own colour: a white outline between slices would draw a radius across the whole disc, and none leaves the seam where its arc closes. */}
              <Pie data={plans} dataKey="users" nameKey="plan" outerRadius={80} label>
                {plans.map((p, i) => <Cell key={p.plan} fill={COLORS[i % COLORS.length]} stroke={plans.length > 1 ? '#fff' : COLORS[i % COLORS.length]} />)}
              </Pie>
              <Tooltip /><Legend />
            </PieChart>
          </ChartCard>
        </Col>
        <Col xs={24} lg={12}>
          <ChartCard title="Posts per platform" empty={posts.length === 0}>
            <BarChart data={posts}><CartesianGrid strokeDasharray="3 3" /><XAxis dataKey="platform" /><YAxis allowDecimals={false} /><Tooltip /><Bar dataKey="count" name="Posts" fill={COLORS[3]} /></BarChart>
          </ChartCard>
        </Col>
      </Row>
    </div>
  );
}

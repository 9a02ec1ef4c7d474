/**
 * /workflowinstancedetails?id=<workflowInstanceId>: one run of a workflow of jobs (docs/jobs.md,
 * "Workflows"), opened from the workflow instances list (its row action Details). The DAG the run
 * follows is drawn read-only on a canvas (@xyflow/react, loaded with the page), each node
 * coloured by its state (waiting, running, succeeded, failed, skipped, canceled). A node chosen on
 * the canvas shows its task instance and the job instance that ran it (its parameters, with the
 * workflow's context put in, and its result), or the spec's "The task instance has not been
 * generated..." when none was fired yet; a waiting, failed or stopped node can be marked
 * successful there (markNodeSucceeded). The page reads one call, queryWorkflowInstanceDetails,
 * again every two seconds while the run goes on.
 */
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { Alert, Button, Card, Descriptions, Empty, Space, Spin, Tag, Typography } from 'antd';
import { Background, Controls, ReactFlow, type Edge, type Node } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useTranslation } from '../../i18n/translator.ts';
import { confirm, toastSuccess } from '../../feedback/feedback.ts';
import { runCall } from '../../resource/api.ts';
import { userState } from '../../auth/userState.ts';
import { layOut, type DagEdge, type DagNode } from './dag.ts';

type Rec = Record<string, unknown>;
type NodeInstance = Rec & { instance: Rec | null };
interface Details {
  instance: Rec;
  dag: { nodes: DagNode[]; edges: DagEdge[] };
  nodes: NodeInstance[];
}

const M = 'resources.WorkflowInstance.details';
const MARK = 'resources.DagTaskInstance.actions';
const MARK_BUTTON = 'dagtaskinstance:markSucceeded';
/** How often a run that goes on is read again (ms). */
const REFRESH_MS = 2000;

type NodeState = 'waiting' | 'running' | 'succeeded' | 'failed' | 'skipped' | 'canceled';
const STATES: NodeState[] = ['waiting', 'running', 'succeeded', 'failed', 'skipped', 'canceled'];

/** Fill and border of each state; the text on them is dark (#1f1f1f), over 4.5:1 on every fill. */
const COLOURS: Record<NodeState, { background: string; border: string }> = {
  waiting: { background: '#f5f5f5', border: '1px solid #8c8c8c' },
  running: { background: '#e6f4ff', border: '2px solid #1677ff' },
  succeeded: { background: '#f6ffed', border: '2px solid #389e0d' },
  failed: { background: '#fff1f0', border: '2px solid #cf1322' },
  skipped: { background: '#fffbe6', border: '2px dashed #d48806' },
  canceled: { background: '#fafafa', border: '1px dashed #8c8c8c' },
};

/** The state a node is drawn in: a failed node marked skip-when-failed, and a disabled one passed over, are skipped. */
function nodeState(n: Rec | undefined): NodeState {
  switch (n?.status) {
    case 'WAITING_DISPATCH':
    case 'WAITING_WORKER_RECEIVE':
    case 'RUNNING':
      return 'running';
    case 'SUCCEEDED':
      return n.enable === false ? 'skipped' : 'succeeded';
    case 'FAILED':
      return n.skipWhenFailed === true ? 'skipped' : 'failed';
    case 'STOPPED':
      return 'failed';
    case 'CANCELED':
      return 'canceled';
    default:
      return 'waiting';
  }
}

/** Whether a node can be marked successful by hand in a run of this status (the server checks it again). */
function markable(n: Rec, runStatus: unknown): boolean {
  if (n.status === 'WAITING') return runStatus === 'RUNNING';
  return (n.status === 'FAILED' || n.status === 'STOPPED') && (runStatus === 'RUNNING' || runStatus === 'FAILED');
}

const text = (v: unknown): string => (v === null || v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v));

/** A JSON text shown indented (as it is when it is not JSON). */
function Code({ value, testId }: { value: unknown; testId?: string }) {
  let shown = text(value);
  try {
    shown = JSON.stringify(JSON.parse(shown) as unknown, null, 2);
  } catch {
    // not JSON: as it is
  }
  return (
    <pre className="workflow-details-code" data-testid={testId} style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
      {shown}
    </pre>
  );
}

export default function WorkflowInstanceDetailsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const user = useSnapshot(userState);
  const [details, setDetails] = useState<Details>();
  const [problem, setProblem] = useState<string>();
  const [chosen, setChosen] = useState<number>();
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    if (!Number.isInteger(id) || id < 1) return;
    try {
      const answer = await runCall<{ data?: Details }>('queryWorkflowInstanceDetails', { id }, true);
      setDetails(answer.data);
      setProblem(undefined);
    } catch (err) {
      setProblem(err instanceof Error ? err.message : String(err));
    }
  }, [id]);

  useEffect(() => {
    setDetails(undefined);
    setChosen(undefined);
    void load();
  }, [load]);

  const running = details?.instance.status === 'RUNNING';
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => void load(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [running, load]);

  const byNode = useMemo(() => new Map((details?.nodes ?? []).map((n) => [Number(n.nodeId), n])), [details]);

  const [nodes, edges] = useMemo((): [Node[], Edge[]] => {
    if (!details) return [[], []];
    const at = layOut(details.dag.nodes, details.dag.edges);
    return [
      details.dag.nodes.map((n) => {
        const run = byNode.get(n.nodeId);
        const state = nodeState(run);
        const label: ReactNode = (
          <span>
            <span style={{ display: 'block', fontWeight: 600 }}>{text(run?.nodeName) || n.nodeName || `#${n.nodeId}`}</span>
            <span style={{ display: 'block', fontSize: 12 }}>
              {t(`${M}.${state}`)}
              {run?.status && run.status !== 'WAITING' ? ` · ${text(run.status)}` : ''}
            </span>
          </span>
        );
        return {
          id: String(n.nodeId),
          position: at.get(n.nodeId)!,
          data: { label },
          className: `workflow-node-${state}`,
          selected: chosen === n.nodeId,
          style: { ...COLOURS[state], color: '#1f1f1f', width: 180 },
        };
      }),
      details.dag.edges.map((e) => ({ id: `${e.from}-${e.to}`, source: String(e.from), target: String(e.to) })),
    ];
  }, [details, byNode, chosen, t]);

  const node = chosen === undefined ? undefined : byNode.get(chosen);

  const mark = (n: NodeInstance) =>
    confirm({
      title: t(MARK + '.markSucceeded'),
      content: t(`${MARK}.markSucceededConfirm`, { name: text(n.nodeName) }),
      okText: t(`${MARK}.markSucceeded`),
      cancelText: t('common.cancel'),
      onOk: () => {
        setBusy(true);
        void runCall('markNodeSucceeded', { id: Number(n.id) })
          .then(async () => {
            toastSuccess(t(`${MARK}.markSucceededDone`));
            await load();
          })
          .catch(() => undefined) // shown by the HTTP client
          .finally(() => setBusy(false));
      },
    });

  if (!Number.isInteger(id) || id < 1) return <Empty description={t(`${M}.choose`)} />;
  if (!details) return problem ? <Alert type="error" showIcon title={problem} /> : <Spin />;
  const wfi = details.instance;
  return (
    <Card
      className="workflow-details"
      data-testid="workflow-details"
      title={t(`${M}.title`, { id })}
      extra={
        <Space>
          <Link to="/dagworkflowinstance">{t(`${M}.back`)}</Link>
          <Button onClick={() => void load()}>{t(`${M}.refresh`)}</Button>
        </Space>
      }
    >
      <Descriptions
        size="small"
        column={{ xs: 1, md: 2, xl: 3 }}
        data-testid="workflow-details-instance"
        items={[
          { key: 'wfName', label: t('resources.WorkflowInstance.fields.wfName'), children: `${text(wfi.wfName)} (#${text(wfi.wfId)})` },
          {
            key: 'status',
            label: t('resources.WorkflowInstance.fields.status'),
            children: <span data-testid="workflow-details-status">{text(wfi.status)}</span>,
          },
          {
            key: 'actualTriggerTime',
            label: t('resources.WorkflowInstance.fields.actualTriggerTime'),
            children: text(wfi.actualTriggerTime),
          },
          { key: 'finishedTime', label: t('resources.WorkflowInstance.fields.finishedTime'), children: text(wfi.finishedTime) },
          {
            key: 'result',
            label: t('resources.WorkflowInstance.fields.result'),
            span: 2,
            children: <span data-testid="workflow-details-result">{text(wfi.result)}</span>,
          },
          { key: 'wfInitParams', label: t('resources.WorkflowInstance.fields.wfInitParams'), children: <Code value={wfi.wfInitParams} /> },
          {
            key: 'wfContext',
            label: t(`${M}.context`),
            span: 2,
            children: <Code value={wfi.wfContext} testId="workflow-details-context" />,
          },
        ]}
      />
      <Space wrap style={{ margin: '12px 0' }} aria-label={t(`${M}.legend`)} data-testid="workflow-details-legend">
        <Typography.Text>{t(`${M}.legend`)}:</Typography.Text>
        {STATES.map((s) => (
          <span key={s} style={{ ...COLOURS[s], color: '#1f1f1f', padding: '0 8px', borderRadius: 4 }}>
            {t(`${M}.${s}`)}
          </span>
        ))}
      </Space>
      <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
        <div style={{ flex: '1 1 480px', height: 480, border: '1px solid #e5e5e5' }} data-testid="workflow-details-canvas">
          <ReactFlow
            nodes={nodes}
            edges={edges}
            nodesDraggable={false}
            nodesConnectable={false}
            edgesFocusable={false}
            onNodeClick={(_, n) => setChosen(Number(n.id))}
            onPaneClick={() => setChosen(undefined)}
            fitView
            fitViewOptions={{ maxZoom: 1 }}
          >
            <Background />
            <Controls showInteractive={false} />
          </ReactFlow>
        </div>
        <div style={{ flex: '0 1 340px', minWidth: 260 }} data-testid="workflow-details-node">
          {!node ? (
            <Typography.Paragraph type="secondary">{t(`${M}.pick`)}</Typography.Paragraph>
          ) : (
            <Space orientation="vertical" style={{ width: '100%' }}>
              <Typography.Title level={5} style={{ margin: 0 }}>
                {t(`${M}.node`, { id: text(node.nodeId) })}: {text(node.nodeName)}
              </Typography.Title>
              <Tag style={{ ...COLOURS[nodeState(node)], color: '#1f1f1f' }}>
                {t(`${M}.${nodeState(node)}`)} · {text(node.status)}
              </Tag>
              <Descriptions
                size="small"
                column={1}
                items={[
                  { key: 'jobId', label: t('resources.DagTaskInstance.fields.jobId'), children: text(node.jobId) },
                  {
                    key: 'skipWhenFailed',
                    label: t('resources.DagTaskInstance.fields.skipWhenFailed'),
                    children: node.skipWhenFailed === true ? '✓' : '–',
                  },
                  { key: 'startTime', label: t('resources.DagTaskInstance.fields.startTime'), children: text(node.startTime) },
                  { key: 'finishedTime', label: t('resources.DagTaskInstance.fields.finishedTime'), children: text(node.finishedTime) },
                  {
                    key: 'result',
                    label: t('resources.DagTaskInstance.fields.result'),
                    children: <span data-testid="workflow-details-node-result">{text(node.result)}</span>,
                  },
                ]}
              />
              {node.instance ? (
                <Card size="small" title={t(`${M}.instance`, { id: text(node.instance.id) })} data-testid="workflow-details-job-instance">
                  <Descriptions
                    size="small"
                    column={1}
                    items={[
                      { key: 'status', label: t('resources.JobInstance.fields.status'), children: text(node.instance.status) },
                      { key: 'runningTimes', label: t(`${M}.runningTimes`), children: text(node.instance.runningTimes) },
                      {
                        key: 'params',
                        label: t(`${M}.params`),
                        children: <Code value={node.instance.instanceParams ?? ''} testId="workflow-details-job-params" />,
                      },
                      {
                        key: 'result',
                        label: t('resources.JobInstance.fields.result'),
                        children: <Code value={node.instance.result} testId="workflow-details-job-result" />,
                      },
                    ]}
                  />
                </Card>
              ) : (
                <Alert type="info" showIcon title={t(`${M}.notGenerated`)} data-testid="workflow-details-not-generated" />
              )}
              {markable(node, wfi.status) && user.menuButton.includes(MARK_BUTTON) && (
                <Button type="primary" loading={busy} onClick={() => mark(node)}>
                  {t(`${MARK}.markSucceeded`)}
                </Button>
              )}
            </Space>
          )}
        </div>
      </div>
    </Card>
  );
}

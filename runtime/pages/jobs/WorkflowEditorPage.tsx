/**
 * /workfloweditor?id=<workflowId>: the DAG of a workflow of jobs (docs/jobs.md, "Workflows") on a
 * canvas (@xyflow/react). Nodes are added from the tenant's jobs, joined by dragging from a
 * node's lower handle to another's upper one, and removed with the Delete key; the selected
 * node's name, enable and skip-when-failed are edited beside the canvas. An edge that would
 * close a cycle is refused at once; Save writes the nodes and edges (updateWorkflowInfo), and
 * the server checks them again. Run starts an instance of the saved workflow.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Alert, Button, Card, Checkbox, Empty, Input, Select, Space, Spin, Typography } from 'antd';
import {
  addEdge,
  applyEdgeChanges,
  applyNodeChanges,
  Background,
  Controls,
  ReactFlow,
  type Connection,
  type Edge,
  type EdgeChange,
  type Node,
  type NodeChange,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useTranslation } from '../../i18n/translator.ts';
import { toastSuccess } from '../../feedback/feedback.ts';
import { runCall } from '../../resource/api.ts';
import { layOut, wouldCycle, type DagEdge, type DagNode } from './dag.ts';

type Rec = Record<string, unknown>;
// a type alias, not an interface: @xyflow/react wants node data indexable
type NodeData = { [K in keyof DagNode]: DagNode[K] } & { label: string; [key: string]: unknown };

const M = 'resources.WorkflowInfo.editor';

function listOf(answer: unknown): Rec[] {
  const data = (answer as { data?: { list?: unknown } } | undefined)?.data;
  return Array.isArray(data?.list) ? (data.list as Rec[]) : [];
}

function labelOf(n: DagNode, jobs: ReadonlyMap<number, string>): string {
  const name = n.nodeName || jobs.get(n.jobId) || `#${n.jobId}`;
  const marks = [n.enable === false ? '⏸' : '', n.skipWhenFailed ? '↷' : ''].join('');
  return marks ? `${name} ${marks}` : name;
}

function toFlow(nodes: readonly DagNode[], edges: readonly DagEdge[], jobs: ReadonlyMap<number, string>): [Node<NodeData>[], Edge[]] {
  const at = layOut(nodes, edges);
  return [
    nodes.map((n) => ({ id: String(n.nodeId), position: at.get(n.nodeId)!, data: { ...n, label: labelOf(n, jobs) } })),
    edges.map((e) => ({ id: `${e.from}-${e.to}`, source: String(e.from), target: String(e.to) })),
  ];
}

export default function WorkflowEditorPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = Number(params.get('id'));
  const [workflows, setWorkflows] = useState<Rec[]>();
  const [jobs, setJobs] = useState<Map<number, string>>(new Map());
  const [nodes, setNodes] = useState<Node<NodeData>[]>([]);
  const [edges, setEdges] = useState<Edge[]>([]);
  const [problem, setProblem] = useState<string>();
  const [jobToAdd, setJobToAdd] = useState<number>();
  const [busy, setBusy] = useState(false);
  const [dirty, setDirty] = useState(false);

  useEffect(() => {
    void Promise.all([runCall('queryWorkflowInfo', { pageSize: 1000 }), runCall('queryJobInfo', { pageSize: 1000 })]).then(
      ([wf, jb]) => {
        setWorkflows(listOf(wf));
        setJobs(new Map(listOf(jb).map((j) => [Number(j.id), String(j.jobName)])));
      },
      (err: unknown) => setProblem(err instanceof Error ? err.message : String(err)),
    );
  }, []);

  const workflow = useMemo(() => workflows?.find((w) => Number(w.id) === id), [workflows, id]);
  useEffect(() => {
    if (!workflow) return;
    const [n, e] = toFlow((workflow.nodes ?? []) as DagNode[], (workflow.edges ?? []) as DagEdge[], jobs);
    setNodes(n);
    setEdges(e);
    setDirty(false);
    setProblem(undefined);
  }, [workflow, jobs]);

  const dagEdges = (list: readonly Edge[]): DagEdge[] => list.map((e) => ({ from: Number(e.source), to: Number(e.target) }));
  const onNodesChange = useCallback((changes: NodeChange<Node<NodeData>>[]) => {
    if (changes.some((c) => c.type === 'remove')) setDirty(true);
    setNodes((ns) => applyNodeChanges(changes, ns));
  }, []);
  const onEdgesChange = useCallback((changes: EdgeChange[]) => {
    if (changes.some((c) => c.type === 'remove')) setDirty(true);
    setEdges((es) => applyEdgeChanges(changes, es));
  }, []);
  const onConnect = useCallback(
    (c: Connection) => {
      const from = Number(c.source);
      const to = Number(c.target);
      const cycle = wouldCycle(dagEdges(edges), { from, to });
      if (cycle) {
        setProblem(t(`${M}.cycle`, { path: cycle.join(' → ') }));
        return;
      }
      setProblem(undefined);
      setDirty(true);
      setEdges((es) => addEdge({ ...c, id: `${from}-${to}` }, es));
    },
    [edges, t],
  );

  const selected = nodes.find((n) => n.selected);
  const patchSelected = (patch: Partial<DagNode>) => {
    if (!selected) return;
    setDirty(true);
    setNodes((ns) =>
      ns.map((n) => {
        if (n.id !== selected.id) return n;
        const data = { ...n.data, ...patch };
        return { ...n, data: { ...data, label: labelOf(data, jobs) } };
      }),
    );
  };

  const addNode = () => {
    if (jobToAdd === undefined) return;
    const nodeId = Math.max(0, ...nodes.map((n) => Number(n.id))) + 1;
    const data: DagNode = { nodeId, jobId: jobToAdd, nodeName: jobs.get(jobToAdd) ?? '', enable: true, skipWhenFailed: false };
    const below = Math.max(-120, ...nodes.map((n) => n.position.y)) + 120;
    setNodes((ns) => [...ns, { id: String(nodeId), position: { x: 40, y: below }, data: { ...data, label: labelOf(data, jobs) } }]);
    setDirty(true);
  };

  const save = async () => {
    setBusy(true);
    setProblem(undefined);
    try {
      await runCall(
        'updateWorkflowInfo',
        {
          id,
          nodes: nodes.map(({ data }) => ({
            nodeId: data.nodeId,
            nodeName: data.nodeName ?? '',
            jobId: data.jobId,
            enable: data.enable !== false,
            skipWhenFailed: data.skipWhenFailed === true,
          })),
          edges: dagEdges(edges),
        },
        true,
      );
      setDirty(false);
      toastSuccess(t('resource.saved'));
    } catch (err) {
      setProblem(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  const run = async () => {
    setBusy(true);
    try {
      await runCall('runWorkflow', { id }, true);
      toastSuccess(t('resources.WorkflowInfo.actions.runDone'));
    } catch (err) {
      setProblem(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  if (!workflows) return problem ? <Alert type="error" showIcon title={problem} /> : <Spin />;
  return (
    <Card
      className="workflow-editor"
      data-testid="workflow-editor"
      title={
        <Space wrap>
          <Typography.Text>{t(`${M}.workflow`)}</Typography.Text>
          <Select
            aria-label={t(`${M}.workflow`)}
            style={{ minWidth: 260 }}
            value={workflow ? id : undefined}
            placeholder={t(`${M}.choose`)}
            options={workflows.map((w) => ({ value: Number(w.id), label: String(w.wfName) }))}
            onChange={(v: number) => navigate(`/workfloweditor?id=${v}`)}
          />
        </Space>
      }
      extra={
        workflow && (
          <Space>
            <Button onClick={() => void run()} disabled={busy || dirty}>
              {t('resources.WorkflowInfo.actions.run')}
            </Button>
            <Button type="primary" onClick={() => void save()} loading={busy} disabled={!dirty}>
              {t('common.save')}
            </Button>
          </Space>
        )
      }
    >
      {problem && <Alert type="error" showIcon title={problem} style={{ marginBottom: 12 }} data-testid="workflow-editor-problem" />}
      {!workflow ? (
        <Empty description={t(`${M}.choose`)} />
      ) : (
        <div style={{ display: 'flex', gap: 16 }}>
          <div style={{ flex: 1, height: 520, border: '1px solid #e5e5e5' }} data-testid="workflow-canvas">
            <ReactFlow<Node<NodeData>, Edge>
              // drawn again when a node is added or removed, so that the view fits every node
              key={nodes.length}
              nodes={nodes}
              edges={edges}
              onNodesChange={onNodesChange}
              onEdgesChange={onEdgesChange}
              onConnect={onConnect}
              deleteKeyCode={['Delete', 'Backspace']}
              fitView
              fitViewOptions={{ maxZoom: 1 }}
            >
              <Background />
              <Controls />
            </ReactFlow>
          </div>
          <Space orientation="vertical" style={{ width: 260 }}>
            <Typography.Text strong>{t(`${M}.addNode`)}</Typography.Text>
            <Select
              aria-label={t(`${M}.job`)}
              style={{ width: '100%' }}
              showSearch
              optionFilterProp="label"
              placeholder={t(`${M}.job`)}
              value={jobToAdd}
              onChange={(v: number) => setJobToAdd(v)}
              options={[...jobs].map(([value, label]) => ({ value, label }))}
            />
            <Button onClick={addNode} disabled={jobToAdd === undefined} block>
              {t(`${M}.addNode`)}
            </Button>
            <Typography.Paragraph type="secondary">{t(`${M}.hint`)}</Typography.Paragraph>
            {selected && (
              <div data-testid="workflow-node-panel">
                <Typography.Text strong>{t(`${M}.node`, { id: selected.id })}</Typography.Text>
                <Input
                  aria-label={t('resources.WorkflowInfo.editor.nodeName')}
                  value={selected.data.nodeName ?? ''}
                  onChange={(e) => patchSelected({ nodeName: e.target.value })}
                  style={{ margin: '8px 0' }}
                />
                <Checkbox checked={selected.data.enable !== false} onChange={(e) => patchSelected({ enable: e.target.checked })}>
                  {t(`${M}.enable`)}
                </Checkbox>
                <Checkbox
                  checked={selected.data.skipWhenFailed === true}
                  onChange={(e) => patchSelected({ skipWhenFailed: e.target.checked })}
                >
                  {t(`${M}.skipWhenFailed`)}
                </Checkbox>
              </div>
            )}
          </Space>
        </div>
      )}
    </Card>
  );
}

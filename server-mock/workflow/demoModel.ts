/** The model every demo tenant starts with: a leave request approved by the requester's editor role, then by its starter. */
export const DEMO_MODEL = {
  modelName: 'Leave request',
  modelCategory: 'office',
  modelDescription: 'A leave request: an editor approves it, then the requester confirms',
  modelXml: `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:activiti="http://activiti.org/bpmn" targetNamespace="http://example.com/bpmn">
  <process id="leave" name="Leave request" isExecutable="true">
    <startEvent id="start" name="Request"/>
    <userTask id="approve" name="Approve" activiti:candidateGroups="ROLE_EDITOR"/>
    <userTask id="confirm" name="Confirm" activiti:assignee="\${starter}"/>
    <endEvent id="end" name="Done"/>
    <sequenceFlow id="f1" sourceRef="start" targetRef="approve"/>
    <sequenceFlow id="f2" sourceRef="approve" targetRef="confirm"/>
    <sequenceFlow id="f3" sourceRef="confirm" targetRef="end"/>
  </process>
</definitions>`,
};

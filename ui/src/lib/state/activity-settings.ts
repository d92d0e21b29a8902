// Settings → Activity: how long the history keeps entries, whether quota alerts are raised, and
// whether the history can be kept on this computer at all. The backend's calls as they are.
export { getActivitySettings as readActivitySettings, saveActivitySettings, activityStatus } from '../backend';

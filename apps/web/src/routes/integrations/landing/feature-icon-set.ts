// The lucide icons "Powerful Features" cards may use, each named once: feature-icons.ts takes the
// whole module, so only these icons reach the bundle.
export {
  Braces,
  Camera,
  Globe,
  Hourglass,
  Inbox,
  KeyRound,
  Play,
  Radio,
  Repeat,
  Server,
  ShieldCheck,
  Table,
  Terminal,
  Timer,
  Webhook,
  Workflow,
  Zap,
} from "lucide-react";

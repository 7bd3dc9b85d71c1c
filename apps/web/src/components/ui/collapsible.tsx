// A section that opens and closes (Radix Collapsible): the trigger carries aria-expanded and
// aria-controls, the content is hidden while closed (unless `forceMount`, for content that other
// rules show, such as the sidebar on wide screens).
export {
  Root as Collapsible,
  Trigger as CollapsibleTrigger,
  Content as CollapsibleContent,
} from '@radix-ui/react-collapsible';

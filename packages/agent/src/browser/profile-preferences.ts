/**
 * Preferences written into the launched Chromium's profile before it starts; the contexts we
 * create inherit them.
 */
export const PROFILE_PREFERENCES = {
  // WebRTC sends UDP (STUN, TURN, peer traffic) straight from the browser, around any HTTP proxy
  // and so around the guard proxy. With this policy it sends no UDP at all: only TCP to TURN
  // servers, through the proxy, where the address rule applies. There is no launch flag for it
  // in Chrome builds (content_shell's --force-webrtc-ip-handling-policy is ignored).
  webrtc: { ip_handling_policy: "disable_non_proxied_udp" },
};

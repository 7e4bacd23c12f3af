package org.openmark.load;

/** What the open model does when every in-flight slot is taken at an operation's intended time. */
public enum OverloadPolicy {
    /** Wait for a slot; the wait counts in the operation's latency (measured from its intended start). */
    WAIT,
    /** Drop the operation; it is counted as dropped and the run is marked invalid. */
    DROP
}

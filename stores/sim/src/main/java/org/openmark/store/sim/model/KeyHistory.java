package org.openmark.store.sim.model;

import java.util.ArrayList;

/**
 * The versions of one key still needed to answer reads, oldest first. A version older than the
 * newest version visible at every node can never be read again (arrival times do not go
 * back), so {@link #prune} drops it: the history stays as long as the replication window.
 */
public final class KeyHistory {
    private final ArrayList<Version> versions = new ArrayList<>(2);
    private long lastSeq;

    /** The sequence number the next write gets. */
    public long nextSeq() {
        return lastSeq + 1;
    }

    /** Adds the newest version (its seq must be {@link #nextSeq()}). */
    public void append(Version version) {
        if (version.seq() != lastSeq + 1) {
            throw new IllegalArgumentException("seq " + version.seq() + " after " + lastSeq);
        }
        versions.add(version);
        lastSeq = version.seq();
    }

    /** A copy sharing the (immutable) versions, for store images. */
    public KeyHistory copy() {
        KeyHistory c = new KeyHistory();
        c.versions.addAll(versions);
        c.lastSeq = lastSeq;
        return c;
    }

    /** The newest version (as the primary sees it), or {@code null} when there is none. */
    public Version newest() {
        return versions.isEmpty() ? null : versions.get(versions.size() - 1);
    }

    /** The newest version's seq, 0 when none was ever written. */
    public long newestSeq() {
        return lastSeq;
    }

    /** The newest version visible at {@code node} at {@code nowNanos}, or {@code null} if none is. */
    public Version visibleAt(int node, long nowNanos) {
        for (int i = versions.size() - 1; i >= 0; i--) {
            Version v = versions.get(i);
            if (v.visibleAtNanos(node) <= nowNanos) {
                return v;
            }
        }
        return null;
    }

    /**
     * The oldest version newer than {@code seq} (the first write a reader of {@code seq}
     * missed), or {@code null} when {@code seq} is the newest.
     */
    public Version firstAfter(long seq) {
        for (Version v : versions) {
            if (v.seq() > seq) {
                return v;
            }
        }
        return null;
    }

    /** Drops the versions no read at or after {@code nowNanos} can return. */
    public void prune(long nowNanos) {
        int keepFrom = -1;
        for (int i = versions.size() - 1; i >= 0; i--) {
            if (versions.get(i).visibleEverywhereNanos() <= nowNanos) {
                keepFrom = i;
                break;
            }
        }
        if (keepFrom > 0) {
            versions.subList(0, keepFrom).clear();
        }
    }

    /**
     * True when the key can be forgotten: its only version is a tombstone every node sees, so
     * a fresh history (no versions) reads the same.
     */
    public boolean isForgettable(long nowNanos) {
        return versions.size() == 1 && versions.get(0).isTombstone()
                && versions.get(0).visibleEverywhereNanos() <= nowNanos;
    }

    /** How many versions are kept (for tests and the ground truth). */
    public int size() {
        return versions.size();
    }
}

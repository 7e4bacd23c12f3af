package org.openmark.api;

import java.util.Map;

/**
 * An opened data store: thread-safe, creates {@link Session}s. Opened by a
 * {@link StoreFactory} from properties.
 */
public interface Store extends AutoCloseable {

    /** A new session; each is used by one thread at a time. */
    Session newSession();

    /**
     * True only when the store knows the table holds no records (so a run may load it first);
     * false when it holds records or the store cannot tell.
     */
    default boolean isKnownEmpty(String table) {
        return false;
    }

    /**
     * True when the data lives in this process, or in files only this process uses (an embedded
     * engine, an in-process simulation): each load-generator process of a cluster run then has a
     * store of its own and loads all of it. False (the default) for a server that several
     * processes share: their loads split the key range.
     */
    default boolean isEmbedded() {
        return false;
    }

    /**
     * True when some of the store's calls wait on the {@link Clock} the store was opened with (a
     * simulated store's latency or throughput limit), so that under a virtual clock they make time
     * pass. False (the default) for a store whose calls return without waiting on that clock: under
     * a virtual clock they take no time at all, and a run that only its calls could advance would
     * never reach the end of its duration.
     */
    default boolean callsTakeTime() {
        return false;
    }

    /**
     * Where the store is, for error messages: host and port, database, user (never a password);
     * empty when there is nothing to say (an embedded store).
     */
    default String target() {
        return "";
    }

    /**
     * The most requests this store's client keeps outstanding at once, over all its sessions,
     * beyond which it refuses more without asking the store (a driver's requests per connection
     * times its connections); {@link Integer#MAX_VALUE}, the default, when it sets no such bound.
     * The open model keeps no more operations in flight than this, so that the client's refusals
     * are not counted as the store's failures: operations wait for a place instead, and the wait
     * is in their send lag and response time.
     */
    default int maxOutstandingRequests() {
        return Integer.MAX_VALUE;
    }

    /**
     * Facts about the opened store that a result should record, such as the {@code version} of
     * the server or engine, or the {@code seed} of a simulated store; empty when there are none.
     * Keys are short lower-case words. Called after the store is open (the harness asks when a
     * phase has ended, its sessions closed, so a store may also report counts of what it saw, as
     * the YCSB adapter does for statuses openmark has no name for); may ask the server once, and
     * returns what it knows without failing when the server does not answer.
     */
    default Map<String, String> facts() {
        return Map.of();
    }

    /**
     * The nodes of the store's cluster as this client last saw them ({@link NodeActivity}), for a
     * run that watches membership change (a node joining mid-run: when does it start serving?).
     * Returns at once, without asking the nodes: a store refreshes what it asks them in the
     * background. Empty (the default) for a store with no nodes to tell apart.
     */
    default java.util.List<NodeActivity> nodeActivity() {
        return java.util.List.of();
    }

    /**
     * Whether {@link Session#start}, {@link Session#commit} and {@link Session#abort} make units of
     * work. When false the harness runs a transactional workload's units as plain operations and
     * reports no START, COMMIT, ABORT or TX- figures (a YCSB binding without YCSB+T's methods, Redis
     * with {@code redis.txn=none}). True by default: openmark's own stores define what their units
     * are.
     */
    default boolean hasTransactions() {
        return true;
    }

    /**
     * True when every read promises to see every write acknowledged before it began (linearizable reads, as
     * etcd's default read mode): a staleness measurement then counts a read that saw an older version as a
     * violation of that promise, not as staleness. False (the default) for a store whose reads may be behind.
     */
    default boolean readsLinearizable() {
        return false;
    }

    /**
     * The one member (replica, node) reads go to, as the store names it, when it sends them to one (etcd's
     * {@code etcd.member}); empty (the default) when reads may go to any.
     */
    default String readMember() {
        return "";
    }

    /** Closes the store and everything it opened. */
    @Override
    void close();
}

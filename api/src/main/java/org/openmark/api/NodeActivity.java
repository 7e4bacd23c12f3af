package org.openmark.api;

/**
 * One node of a store's cluster as the client last saw it: what the cluster says of it, how many
 * of this client's requests it answered as their coordinator, and how much of the workload's table
 * it holds. A store samples these without waiting on the nodes ({@link Store#nodeActivity()}), so
 * the figures may be a second old; an unknown figure is -1 (or an empty state).
 *
 * @param node the node's address, host:port, as the client reaches it
 * @param state what the cluster's membership says of the node (Cassandra's gossip: {@code BOOT}
 *        while it joins and streams, {@code NORMAL} once it owns its ranges, {@code LEAVING},
 *        {@code LEFT}, {@code shutdown}), or empty when unknown
 * @param requests requests of this client the node answered as their coordinator, since the store
 *        opened (a count that only grows), or -1 when the client cannot tell
 * @param tableBytes the node's on-disk size of the workload's table, or -1 when unknown
 */
public record NodeActivity(String node, String state, long requests, long tableBytes) {
}

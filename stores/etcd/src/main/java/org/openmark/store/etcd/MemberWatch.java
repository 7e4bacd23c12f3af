package org.openmark.store.etcd;

import io.etcd.jetcd.Maintenance;
import io.etcd.jetcd.maintenance.StatusResponse;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.openmark.api.NodeActivity;

/**
 * Each member's role as the member itself says it, asked in the background every {@link #POLL} from the first
 * {@link #members()} on: {@code leader}, {@code follower}, {@code no-leader} (it answers and knows no leader:
 * an election is under way) or {@code unreachable}. A run's node track (nodes.csv, each event's node changes)
 * then shows a leader's death and the election from the members' own view.
 */
final class MemberWatch implements AutoCloseable {
    static final Duration POLL = Duration.ofMillis(500);
    static final String LEADER = "leader";
    static final String FOLLOWER = "follower";
    static final String NO_LEADER = "no-leader";
    static final String UNREACHABLE = "unreachable";

    private final Maintenance maintenance;
    private final List<URI> endpoints;
    private final Duration askTimeout;
    private final Map<URI, String> roles = new ConcurrentHashMap<>();
    private volatile ScheduledExecutorService poller;

    MemberWatch(Maintenance maintenance, List<URI> endpoints, Duration askTimeout) {
        this.maintenance = maintenance;
        this.endpoints = List.copyOf(endpoints);
        this.askTimeout = askTimeout;
    }

    /** The members' roles as last asked (an empty role before the first answer); starts the asking. */
    List<NodeActivity> members() {
        if (poller == null) {
            start();
        }
        List<NodeActivity> members = new ArrayList<>();
        for (URI endpoint : endpoints) {
            members.add(new NodeActivity(endpoint.getHost() + ":" + endpoint.getPort(), roles.getOrDefault(endpoint, ""),
                    -1, -1));
        }
        return members;
    }

    private synchronized void start() {
        if (poller != null) {
            return;
        }
        ScheduledExecutorService started = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "openmark-etcd-members");
            t.setDaemon(true);
            return t;
        });
        started.scheduleWithFixedDelay(this::askAll, 0, POLL.toMillis(), TimeUnit.MILLISECONDS);
        poller = started;
    }

    private void askAll() {
        for (URI endpoint : endpoints) {
            roles.put(endpoint, ask(endpoint));
        }
    }

    private String ask(URI endpoint) {
        try {
            StatusResponse status = maintenance.statusMember(endpoint.toString())
                    .get(askTimeout.toMillis(), TimeUnit.MILLISECONDS);
            return role(status.getHeader().getMemberId(), status.getLeader());
        } catch (ExecutionException | TimeoutException | RuntimeException e) {
            return UNREACHABLE;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return UNREACHABLE;
        }
    }

    /** The role of member {@code memberId} that follows {@code leaderId} (0: none). */
    static String role(long memberId, long leaderId) {
        if (leaderId == 0) {
            return NO_LEADER;
        }
        return memberId == leaderId ? LEADER : FOLLOWER;
    }

    @Override
    public void close() {
        ScheduledExecutorService p = poller;
        if (p != null) {
            p.shutdownNow();
        }
    }
}

package org.openmark.services.etcd;

import java.time.Duration;
import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;
import org.openmark.services.server.CommandException;
import org.openmark.services.server.Console;
import org.openmark.services.server.ServiceSite;
import org.openmark.services.server.Time;

/**
 * The commands on a running etcd cluster, run under the service's lock:
 * <pre>
 *   kill-node NAME NODE      SIGKILL, as a crash (NODE: a member's number, or leader)
 *   start-node NAME NODE     a killed member again, on its data; returns when it follows a leader
 *   move-leader NAME [NODE]  the leader hands leadership to NODE (default: the next live member)
 *   leader NAME              prints the member that leads now
 * </pre>
 */
public final class EtcdCommands {
    private EtcdCommands() {
    }

    /** The commands, as they are typed. */
    public enum Command {
        KILL_NODE("kill-node"), START_NODE("start-node"), MOVE_LEADER("move-leader"), LEADER("leader");

        private final String word;

        Command(String word) {
            this.word = word;
        }

        public String word() {
            return word;
        }

        public static Optional<Command> of(String word) {
            return Arrays.stream(values()).filter(c -> c.word.equals(word)).findFirst();
        }

        /** "kill-node, start-node, move-leader, leader". */
        public static String allowed() {
            return Arrays.stream(values()).map(Command::word).collect(Collectors.joining(", "));
        }
    }

    /** Runs {@code command} on {@code cluster}; {@code node} is its NODE argument, or null when not given. */
    public static void run(Command command, EtcdCluster cluster, String node, Console console, Time time) {
        switch (command) {
            case KILL_NODE -> {
                EtcdMember member = cluster.memberArg(required(command, node));
                boolean led = cluster.leader().filter(m -> m.index() == member.index()).isPresent();
                long killed = time.nanoTime();
                cluster.kill(member.index());
                console.info("killed etcd member " + member.index() + (led ? " (the leader)" : ""));
                if (led && !cluster.state().live().isEmpty()) {
                    EtcdMember next = cluster.waitNewLeader(member);
                    console.info(next.name() + " leads after " + millisSince(time, killed) + " ms");
                }
            }
            case START_NODE -> {
                EtcdMember member = cluster.memberArg(required(command, node));
                if (member.up() && cluster.alive(member.index())) {
                    throw CommandException.badInput("NODE=" + node + ": member " + member.index() + " runs already");
                }
                long started = time.nanoTime();
                cluster.launch(member.index());
                cluster.waitJoined(member.index());
                console.info("etcd member " + member.index() + " follows a leader again after " + millisSince(time, started)
                        + " ms");
            }
            case MOVE_LEADER -> {
                EtcdMember from = cluster.leader().orElseThrow(() -> CommandException.failed("no member knows a leader"));
                EtcdMember target = node == null ? cluster.nextAfter(from) : cluster.memberArg(node);
                if (!target.up()) {
                    throw CommandException.badInput("NODE=" + node + ": member " + target.index() + " is down");
                }
                long moved = time.nanoTime();
                cluster.moveLeader(target);
                console.info("leadership moved from " + from.name() + " to " + target.name() + " in "
                        + millisSince(time, moved) + " ms");
            }
            case LEADER -> console.result(cluster.leader().map(EtcdMember::name)
                    .orElseThrow(() -> CommandException.failed("no member knows a leader")));
        }
    }

    /** The cluster in {@code site}, or a failure naming where none was found. */
    public static EtcdCluster require(ServiceSite site) {
        return EtcdServer.cluster(site, EtcdClusterState.read(site.dir()).orElseThrow(() -> CommandException.failed(
                "no etcd service named '" + site.name() + "' under " + site.dir().getParent()
                        + " (start one: openmark-services start etcd " + site.name() + " --nodes 3)")));
    }

    /** "node1=up node2=up,leader node3=down". */
    public static String memberStates(EtcdCluster cluster) {
        Optional<EtcdMember> leader = cluster.leader();
        return cluster.state().members().stream().map(m -> m.name() + "="
                + (m.up() && cluster.alive(m.index()) ? "up" : "down")
                + (leader.filter(l -> l.index() == m.index()).isPresent() ? ",leader" : ""))
                .collect(Collectors.joining(" "));
    }

    private static String required(Command command, String node) {
        if (node == null) {
            throw CommandException.badInput(command.word() + ": takes NAME NODE");
        }
        return node;
    }

    private static long millisSince(Time time, long startNanos) {
        return Duration.ofNanos(time.nanoTime() - startNanos).toMillis();
    }
}

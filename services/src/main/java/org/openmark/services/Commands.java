package org.openmark.services;

import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import org.openmark.services.cassandra.CassandraCommands;
import org.openmark.services.cassandra.CassandraSettings;
import org.openmark.services.etcd.EtcdCommands;
import org.openmark.services.server.CommandException;
import org.openmark.services.server.Console;
import org.openmark.services.server.ServiceKind;
import org.openmark.services.server.StartOptions;

/**
 * bin/openmark-services' command line, read and run on {@link Services}:
 * <pre>
 *   start KIND [NAME] [--nodes N]   KIND: redis, redis-pair, postgres, cassandra (--nodes), etcd (--nodes), prometheus
 *   stop NAME|all                   stops it (every one) and deletes its data
 *   status                          what runs under the services directory
 *   pids NAME                       the server's processes, on one line (for Cassandra, its live nodes')
 *   add-node NAME                   (cassandra) one more node, bootstrapped
 *   kill-node|start-node|decommission-node|remove-node NAME NODE   (cassandra)
 *   kill-node|start-node NAME NODE, move-leader NAME [NODE], leader NAME   (etcd)
 * </pre>
 */
public final class Commands {
    static final String USAGE = """
            usage: openmark-services start redis|redis-pair|postgres [NAME]
                   openmark-services start cassandra [NAME] [--nodes N]
                   openmark-services start etcd [NAME] [--nodes N]
                   openmark-services start prometheus [NAME]
                   openmark-services add-node NAME
                   openmark-services kill-node NAME NODE
                   openmark-services start-node NAME NODE
                   openmark-services decommission-node NAME NODE
                   openmark-services remove-node NAME NODE
                   openmark-services move-leader NAME [NODE]
                   openmark-services leader NAME
                   openmark-services stop NAME|all
                   openmark-services status
                   openmark-services pids NAME

              start       starts a throwaway server on a free 127.0.0.1 port (NAME defaults to the kind)
                          and prints the properties to pass to openmark; cassandra starts N nodes
                          (default 1) on 127.0.0.1..127.0.0.N; prometheus scrapes every second the
                          targets written to NAME/targets/*.json ([{"targets": ["127.0.0.1:9464"]}]);
                          etcd starts N members (default 1) on 127.0.0.1..127.0.0.N
              add-node    starts one more cassandra node; it joins once it has the cluster's schema and
                          streams its token ranges; returns when every node sees it Up/Normal, and prints
                          how long it took and how much it streamed
              kill-node   kills node NODE at once (SIGKILL), as a crash; for etcd NODE may be 'leader',
                          and the command returns when another member leads
              start-node  starts a killed node again on its data; returns when the others have replayed
                          the hints they kept for it (cassandra), when it follows a leader (etcd)
              decommission-node  node NODE streams its ranges to the others, leaves the ring and stops
              remove-node takes a killed node NODE out of the ring; the other replicas stream its copies
              move-leader (etcd) the leader hands leadership to member NODE (default: the next live
                          member); returns when NODE leads
              leader      (etcd) prints the member that leads now, as the members say (node2)
              stop        stops the server (all its nodes) and deletes its data directory
              status      lists the servers under $OPENMARK_SERVICES_DIR (default /tmp/openmark-services)
              pids        prints the server's process ids on one line (a cluster's live nodes')
            """;
    private static final String NODES = "--nodes";

    private Commands() {
    }

    /** What {@code start KIND [NAME] [--nodes N]} asks for. */
    public record StartRequest(ServiceKind kind, String name, StartOptions options) {
    }

    /** Runs the command {@code args} on {@code services}; throws a {@link CommandException} for bad input or a failure. */
    public static void run(List<String> args, Services services, Console console) {
        if (args.isEmpty()) {
            throw usage();
        }
        String command = args.get(0);
        List<String> rest = args.subList(1, args.size());
        Optional<EtcdCommands.Command> etcd = EtcdCommands.Command.of(command);
        if (etcd.isPresent() && (etcd.get() == EtcdCommands.Command.MOVE_LEADER || etcd.get() == EtcdCommands.Command.LEADER
                || (!rest.isEmpty() && services.kindOf(rest.get(0)).filter(k -> k == ServiceKind.ETCD).isPresent()))) {
            runEtcd(etcd.get(), rest, services);
            return;
        }
        Optional<CassandraCommands.Command> membership = CassandraCommands.Command.of(command);
        if (membership.isPresent() && !rest.isEmpty()
                && services.kindOf(Services.checkName(rest.get(0))).filter(k -> k == ServiceKind.ETCD).isPresent()) {
            throw CommandException.badInput(command + " " + rest.get(0) + ": not for etcd; etcd takes "
                    + EtcdCommands.Command.allowed());
        }
        if (membership.isPresent()) {
            int arity = membership.get().takesNode() ? 2 : 1;
            if (rest.size() != arity) {
                throw CommandException.badInput(command + ": takes " + (arity == 2 ? "NAME NODE" : "NAME") + ", not '"
                        + String.join(" ", rest) + "'");
            }
            services.membership(membership.get(), Services.checkName(rest.get(0)), arity == 2 ? rest.get(1) : null);
            return;
        }
        switch (command) {
            case "start" -> {
                StartRequest request = startRequest(rest);
                console.result(services.start(request.kind(), request.name(), request.options()).flags());
            }
            case "stop" -> stop(rest, services, console);
            case "status" -> {
                if (!rest.isEmpty()) {
                    throw usage();
                }
                List<ServiceStatus> all = services.status();
                if (all.isEmpty()) {
                    console.result("no services under " + services.baseDir());
                }
                all.forEach(s -> console.result(s.line()));
            }
            case "pids" -> {
                if (rest.size() != 1) {
                    throw usage();
                }
                console.result(services.pids(rest.get(0)).stream().map(String::valueOf).collect(Collectors.joining(" ")));
            }
            default -> throw usage();
        }
    }

    /** {@code start}'s arguments: KIND [NAME] [--nodes N], the options after or before the name. */
    public static StartRequest startRequest(List<String> args) {
        if (args.isEmpty()) {
            throw usage();
        }
        ServiceKind kind = ServiceKind.ofWord(args.get(0)).orElseThrow(() -> CommandException.badInput("unknown service '"
                + args.get(0) + "'; allowed: " + ServiceKind.allowed()));
        String name = null;
        int nodes = 1;
        for (int i = 1; i < args.size(); i++) {
            String a = args.get(i);
            if (a.equals(NODES)) {
                if (kind != ServiceKind.CASSANDRA && kind != ServiceKind.ETCD) {
                    throw CommandException.badInput(NODES + ": only for cassandra and etcd");
                }
                nodes = nodes(i + 1 < args.size() ? args.get(++i) : "");
            } else if (a.startsWith("-")) {
                throw CommandException.badInput("unknown option '" + a + "'");
            } else if (name == null) {
                name = a;
            } else {
                throw usage();
            }
        }
        return new StartRequest(kind, Services.checkName(name == null ? kind.word() : name), new StartOptions(nodes));
    }

    /** The number of nodes {@code --nodes N} asks for: 1 to {@value CassandraSettings#MAX_NODES}. */
    static int nodes(String value) {
        if (value.matches("[0-9]{1,3}")) {
            int n = Integer.parseInt(value);
            if (n >= 1 && n <= CassandraSettings.MAX_NODES) {
                return n;
            }
        }
        throw CommandException.badInput(NODES + " " + value + ": must be a number of nodes from 1 to "
                + CassandraSettings.MAX_NODES);
    }

    /** An etcd command: NAME NODE, NAME [NODE] (move-leader) or NAME (leader). */
    private static void runEtcd(EtcdCommands.Command command, List<String> rest, Services services) {
        int least = command == EtcdCommands.Command.LEADER || command == EtcdCommands.Command.MOVE_LEADER ? 1 : 2;
        int most = command == EtcdCommands.Command.LEADER ? 1 : 2;
        if (rest.size() < least || rest.size() > most) {
            throw CommandException.badInput(command.word() + ": takes " + switch (command) {
                case LEADER -> "NAME";
                case MOVE_LEADER -> "NAME [NODE]";
                default -> "NAME NODE";
            } + ", not '" + String.join(" ", rest) + "'");
        }
        String name = Services.checkName(rest.get(0));
        if (services.kindOf(name).filter(k -> k != ServiceKind.ETCD).isPresent()) {
            throw CommandException.badInput(command.word() + " " + name + ": only for etcd, and " + name + " is "
                    + services.kindOf(name).orElseThrow());
        }
        services.etcd(command, name, rest.size() > 1 ? rest.get(1) : null);
    }

    private static void stop(List<String> rest, Services services, Console console) {
        if (rest.size() != 1) {
            throw usage();
        }
        String name = rest.get(0);
        if (name.equals("all")) {
            services.stopAll().forEach(n -> console.info(n + " stopped"));
            return;
        }
        if (!name.matches("[A-Za-z0-9_.-]+")) {
            throw CommandException.badInput("NAME=" + name + ": not a service name");
        }
        console.info(services.stop(name) ? name + " stopped" : name + " is not running");
    }

    private static CommandException usage() {
        return CommandException.usage(USAGE);
    }
}

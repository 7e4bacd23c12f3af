package org.openmark.services.etcd;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.openmark.services.server.CommandException;
import org.openmark.services.server.Console;
import org.openmark.services.server.Processes;
import org.openmark.services.server.ServiceFiles;
import org.openmark.services.server.StateFile;
import org.openmark.services.server.Time;
import org.openmark.services.server.Wait;

/**
 * One etcd cluster under its directory: its state (written through {@link StateFile} on every change), its
 * members' processes, and what the members say of their leader. Processes are started through a
 * {@link Launcher} and members asked through an {@link EtcdGateway}, so tests run it on fakes.
 */
public final class EtcdCluster {
    static final Duration POLL = Duration.ofMillis(50);

    /** Starts a member's command with its output in a log, and kills a process: {@link Processes} in real life. */
    public interface Launcher {
        long launch(List<String> command, Path log);

        /** Kills {@code pid} (SIGKILL) if it is still the process of {@code command}'s member. */
        void kill(long pid, String dataDirArgument);

        boolean alive(long pid);

        static Launcher processes(Time time, Duration timeout) {
            return new Launcher() {
                @Override
                public long launch(List<String> command, Path log) {
                    return Processes.launch(command, log);
                }

                @Override
                public void kill(long pid, String dataDirArgument) {
                    if (pid > 0 && Processes.commandLine(pid).filter(c -> c.contains(dataDirArgument)).isPresent()) {
                        Processes.kill(pid, time, timeout);
                    }
                }

                @Override
                public boolean alive(long pid) {
                    return pid > 0 && !Processes.gone(pid);
                }
            };
        }
    }

    private final String name;
    private final Path dir;
    private final Console console;
    private final Time time;
    private final Duration timeout;
    private final Launcher launcher;
    private final EtcdGateway gateway;
    private EtcdClusterState state;

    public EtcdCluster(String name, Path dir, Console console, Time time, Duration timeout, Launcher launcher,
            EtcdGateway gateway, EtcdClusterState state) {
        this.name = name;
        this.dir = dir;
        this.console = console;
        this.time = time;
        this.timeout = timeout;
        this.launcher = launcher;
        this.gateway = gateway;
        this.state = state;
    }

    public EtcdClusterState state() {
        return state;
    }

    private void update(EtcdClusterState changed) {
        state = changed;
        StateFile.write(dir, state.toState());
    }

    /** Exit 2 unless {@code arg} is a member's index, or {@code leader} (the member the others follow now). */
    public EtcdMember memberArg(String arg) {
        if (arg.equals("leader")) {
            return leader().orElseThrow(() -> CommandException.failed("no member of " + name + " knows a leader"));
        }
        return state.members().stream().filter(m -> Integer.toString(m.index()).equals(arg)).findFirst()
                .orElseThrow(() -> CommandException.badInput("NODE=" + arg + ": must be 'leader' or a member of " + name
                        + ": " + String.join(" ", state.members().stream().map(m -> Integer.toString(m.index())).toList())));
    }

    /** Starts member {@code index} in the background, on its data if it has some. */
    public void launch(int index) {
        EtcdMember member = state.member(index).orElseThrow();
        long pid = launcher.launch(EtcdCommandLine.member(dir, name, state, index), EtcdCommandLine.log(dir, index));
        update(state.with(member.launched(pid)));
    }

    /** Kills member {@code index} at once (SIGKILL), as a crash; it stays down until {@link #launch}. */
    public void kill(int index) {
        EtcdMember member = state.member(index).orElseThrow();
        launcher.kill(member.pid(), dataDir(index));
        update(state.with(member.down()));
    }

    /** Kills every member's process (the state is about to be deleted). */
    public void killAll() {
        for (EtcdMember m : state.members()) {
            launcher.kill(m.pid(), dataDir(m.index()));
        }
    }

    private String dataDir(int index) {
        return EtcdCommandLine.memberDir(dir, index).resolve("data").toString();
    }

    /** True when member {@code index}'s process runs. */
    public boolean alive(int index) {
        return launcher.alive(state.member(index).orElseThrow().pid());
    }

    /** Member {@code index}'s status, when it answers. */
    public Optional<MemberStatus> status(int index) {
        return gateway.status(state.clientUrl(state.member(index).orElseThrow()));
    }

    /**
     * The member the live members follow: the one that says it leads, in the highest term any of them reports
     * (a leader cut off may still believe it leads in an older term). Empty when none does.
     */
    public Optional<EtcdMember> leader() {
        Optional<MemberStatus> lead = state.live().stream().map(m -> status(m.index())).flatMap(Optional::stream)
                .filter(MemberStatus::isLeader).max(Comparator.comparingLong(MemberStatus::raftTerm));
        return lead.flatMap(s -> memberOf(s.memberId()));
    }

    /** The member whose id etcd gave as {@code memberId}, from any live member's member list. */
    Optional<EtcdMember> memberOf(String memberId) {
        for (EtcdMember m : state.live()) {
            Map<String, String> names = gateway.memberNames(state.clientUrl(m));
            if (!names.isEmpty()) {
                String found = names.get(memberId);
                return state.members().stream().filter(x -> x.name().equals(found)).findFirst();
            }
        }
        return Optional.empty();
    }

    /** The id etcd gave member {@code member}, from any live member's member list. */
    Optional<String> idOf(EtcdMember member) {
        for (EtcdMember m : state.live()) {
            Map<String, String> names = gateway.memberNames(state.clientUrl(m));
            if (!names.isEmpty()) {
                return names.entrySet().stream().filter(e -> e.getValue().equals(member.name())).map(Map.Entry::getKey)
                        .findFirst();
            }
        }
        return Optional.empty();
    }

    /**
     * Waits until member {@code index} answers and follows a leader; fails naming its log when it exits or the
     * timeout passes.
     */
    public void waitJoined(int index) {
        Wait wait = Wait.of(time, timeout, POLL);
        while (!status(index).filter(MemberStatus::hasLeader).isPresent()) {
            if (!alive(index)) {
                console.raw(ServiceFiles.tail(ServiceFiles.lines(EtcdCommandLine.log(dir, index)), 10));
                throw CommandException.failed("etcd member " + index + " exited while starting; see "
                        + EtcdCommandLine.log(dir, index));
            }
            if (wait.expired()) {
                throw CommandException.failed("etcd member " + index + " did not join a leader within "
                        + timeout.toSeconds() + " s; see " + EtcdCommandLine.log(dir, index));
            }
            wait.pause();
        }
    }

    /** Waits until a live member other than {@code old} leads; returns it, or fails after the timeout. */
    public EtcdMember waitNewLeader(EtcdMember old) {
        Wait wait = Wait.of(time, timeout, POLL);
        while (true) {
            Optional<EtcdMember> now = leader().filter(m -> m.index() != old.index());
            if (now.isPresent()) {
                return now.get();
            }
            if (wait.expired()) {
                throw CommandException.failed("no member of " + name + " other than " + old.name() + " leads after "
                        + timeout.toSeconds() + " s");
            }
            wait.pause();
        }
    }

    /**
     * Hands leadership from the current leader to {@code target} (etcd's move-leader) and waits until it leads.
     * Returns the leader it was moved from.
     */
    public EtcdMember moveLeader(EtcdMember target) {
        EtcdMember from = leader().orElseThrow(() -> CommandException.failed("no member of " + name + " knows a leader"));
        if (from.index() == target.index()) {
            return from;
        }
        String targetId = idOf(target).orElseThrow(() -> CommandException.failed("no member of " + name
                + " lists " + target.name()));
        if (!gateway.transferLeadership(state.clientUrl(from), targetId)) {
            throw CommandException.failed(from.name() + " did not hand leadership to " + target.name());
        }
        Wait wait = Wait.of(time, timeout, POLL);
        if (!wait.until(() -> leader().filter(m -> m.index() == target.index()).isPresent())) {
            throw CommandException.failed(target.name() + " does not lead " + timeout.toSeconds() + " s after the move");
        }
        return from;
    }

    /** The live member after {@code from} in index order (wrapping): where move-leader goes when not told. */
    public EtcdMember nextAfter(EtcdMember from) {
        List<EtcdMember> live = state.live();
        return live.stream().filter(m -> m.index() > from.index()).findFirst()
                .orElse(live.stream().filter(m -> m.index() != from.index()).findFirst()
                        .orElseThrow(() -> CommandException.failed(name + " has no other live member to lead")));
    }

    /** Deletes every key through any live member; false when none did. */
    public boolean deleteAll() {
        return state.live().stream().anyMatch(m -> gateway.deleteAll(state.clientUrl(m)));
    }
}

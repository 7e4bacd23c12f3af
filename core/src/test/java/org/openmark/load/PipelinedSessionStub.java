package org.openmark.load;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.openmark.api.PipelinedSession;
import org.openmark.api.Record;
import org.openmark.api.Session;
import org.openmark.api.Status;
import org.openmark.workload.Operation;

/** A session that keeps each started call's completion for the test to tell; blocking calls fail the test. */
final class PipelinedSessionStub implements PipelinedSession {
    final List<Completion> held = new ArrayList<>();
    RuntimeException toThrow;

    private void hold(Completion done) {
        if (toThrow != null) {
            throw toThrow;
        }
        held.add(done);
    }

    @Override
    public void startRead(String t, String k, Set<String> f, Map<String, byte[]> r, Completion done) {
        hold(done);
    }

    @Override
    public void startScan(String t, String k, int n, Set<String> f, List<Record> r, Completion done) {
        hold(done);
    }

    @Override
    public void startUpdate(String t, String k, Map<String, byte[]> v, Completion done) {
        hold(done);
    }

    @Override
    public void startInsert(String t, String k, Map<String, byte[]> v, Completion done) {
        hold(done);
    }

    @Override
    public void startDelete(String t, String k, Completion done) {
        hold(done);
    }

    @Override
    public Status read(String t, String k, Set<String> f, Map<String, byte[]> r) {
        throw new AssertionError("blocking call on a pipelined path");
    }

    @Override
    public Status scan(String t, String k, int n, Set<String> f, List<Record> r) {
        throw new AssertionError("blocking call on a pipelined path");
    }

    @Override
    public Status update(String t, String k, Map<String, byte[]> v) {
        throw new AssertionError("blocking call on a pipelined path");
    }

    @Override
    public Status insert(String t, String k, Map<String, byte[]> v) {
        throw new AssertionError("blocking call on a pipelined path");
    }

    @Override
    public Status delete(String t, String k) {
        throw new AssertionError("blocking call on a pipelined path");
    }

    /** A READ that starts on a pipelined session. */
    static final Operation READ = new Operation() {
        @Override
        public String name() {
            return "READ";
        }

        @Override
        public Status execute(Session session) {
            return session.read("t", "k", null, new java.util.HashMap<>());
        }

        @Override
        public boolean pipelinable() {
            return true;
        }

        @Override
        public void start(PipelinedSession session, PipelinedSession.Completion done) {
            session.startRead("t", "k", null, new java.util.HashMap<>(), done);
        }
    };
}

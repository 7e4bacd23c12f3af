package org.openmark.services.server;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A server that runs nowhere: it records what it was asked, answers as told, and writes the state and
 * properties a real one would.
 */
public final class FakeServer implements Server {
    public final List<String> calls = new ArrayList<>();
    public boolean answering = true;
    public int startedNodes = 1;
    private final ServiceKind kind;
    private int port = 30000;

    public FakeServer(ServiceKind kind) {
        this.kind = kind;
    }

    @Override
    public Map<String, String> start(ServiceSite site, StartOptions options) {
        port++;
        calls.add("start " + site.name() + " nodes=" + options.nodes());
        site.writeState(ServiceState.of(kind, "port", port, "nodes", options.nodes()));
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put("fake.port", Integer.toString(port));
        return properties;
    }

    @Override
    public boolean answering(ServiceSite site, ServiceState state) {
        return answering;
    }

    @Override
    public boolean startedAs(ServiceSite site, ServiceState state, StartOptions options) {
        return state.number("nodes") == options.nodes();
    }

    @Override
    public void reset(ServiceSite site, ServiceState state) {
        calls.add("reset " + site.name());
    }

    @Override
    public void stop(ServiceSite site, ServiceState state) {
        calls.add("stop " + site.name() + " port=" + state.number("port"));
    }

    @Override
    public List<Long> pids(ServiceSite site, ServiceState state) {
        return List.of(state.number("port") + 10_000);
    }
}

package org.openmark.store.etcd;

import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.ClientBuilder;
import io.etcd.jetcd.KV;
import io.etcd.jetcd.options.GetOption;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.openmark.api.Session;
import org.openmark.api.Store;
import org.openmark.api.StoreUnreachableException;

/**
 * An etcd cluster as an openmark store, through jetcd (asynchronous, over gRPC). A record is one key,
 * {@code TABLE/KEY}, holding its fields ({@link RecordCodec}); a scan is a range read from the start key to the
 * table's end, in key order. Writes go through any member (etcd forwards them to the leader); reads and scans go
 * to {@code etcd.member} when it is set, in {@code etcd.readmode}. Opening reads one key from every client it
 * made, so a cluster that does not answer (or refuses the login) is refused before anything runs.
 */
public final class EtcdStore implements Store {
    private final EtcdConfig config;
    private final Client client;
    /** The client writes go through: {@link #client}, or one to the leader alone ({@code etcd.writeto=leader}). */
    private final Client writeClient;
    /** The leader writes go to, when they go to it alone; null otherwise. */
    private final URI writeLeader;
    /** The client reads go through: {@link #client}, or one to {@code etcd.member} alone. */
    private final Client readClient;
    private final GetOption readOption;
    private final MemberWatch members;
    private volatile String version;

    EtcdStore(EtcdConfig config) {
        this.config = config;
        this.client = build(config, config.endpoints().toArray(URI[]::new));
        this.readClient = config.member().map(m -> build(config, m)).orElse(client);
        Client leaderClient = null;
        URI leaderUri = null;
        if (config.writeTo() == EtcdConfig.WriteTo.LEADER) {
            try {
                leaderUri = leader(client, config);
                leaderClient = build(config, leaderUri);
            } catch (RuntimeException e) {
                if (readClient != client) {
                    readClient.close();
                }
                client.close();
                throw e;
            }
        }
        this.writeClient = leaderClient == null ? client : leaderClient;
        this.writeLeader = leaderClient == null ? null : leaderUri;
        this.readOption = GetOption.builder().withSerializable(config.readMode() == EtcdConfig.ReadMode.SERIALIZABLE)
                .build();
        this.members = new MemberWatch(client.getMaintenanceClient(), config.endpoints(),
                config.timeout().compareTo(MemberWatch.POLL) < 0 ? config.timeout() : MemberWatch.POLL);
        try {
            preflight(client, config.where());
            if (readClient != client) {
                preflight(readClient, "member " + config.member().orElseThrow() + " of " + config.where());
            }
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    /**
     * The endpoint of the member that leads, as the members say it (a member whose own id is the leader it
     * follows); unreachable when none of them names itself leader within the timeout.
     */
    static URI leader(Client client, EtcdConfig config) {
        for (URI endpoint : config.endpoints()) {
            try {
                io.etcd.jetcd.maintenance.StatusResponse status = client.getMaintenanceClient()
                        .statusMember(endpoint.toString()).get(config.timeout().toMillis(), TimeUnit.MILLISECONDS);
                if (status.getLeader() != 0 && status.getLeader() == status.getHeader().getMemberId()) {
                    return endpoint;
                }
            } catch (ExecutionException | TimeoutException e) {
                // the next member
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        throw new StoreUnreachableException("no member of " + config.where() + " said it leads, so writes cannot go"
                + " to the leader (" + EtcdConfig.WRITE_TO + "=leader)");
    }

    private static Client build(EtcdConfig config, URI... endpoints) {
        ClientBuilder builder = Client.builder().endpoints(endpoints).connectTimeout(config.timeout());
        if (config.user().isPresent()) {
            builder = builder.user(bytes(config.user().get())).password(bytes(config.password().orElseThrow()));
        }
        return builder.build();
    }

    /** One read of an absent key within the timeout; otherwise the store is unreachable, saying what the client said. */
    private void preflight(Client c, String where) {
        try {
            c.getKVClient().get(bytes(Session.PING_KEY)).get(config.timeout().toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new StoreUnreachableException("no member of " + where + " answered within " + config.timeout().toMillis()
                    + " ms (" + EtcdConfig.TIMEOUT + ")");
        } catch (ExecutionException e) {
            throw new StoreUnreachableException("no member of " + where + " answered: " + EtcdErrors.reason(e));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StoreUnreachableException("interrupted while reaching " + where);
        }
    }

    static ByteSequence bytes(String text) {
        return ByteSequence.from(text, StandardCharsets.UTF_8);
    }

    EtcdConfig config() {
        return config;
    }

    /** Where writes go (any member, which forwards to the leader; or the leader alone). */
    KV writes() {
        return writeClient.getKVClient();
    }

    /** With {@code etcd.readmode=linearizable}: every read sees every write acknowledged before it began. */
    @Override
    public boolean readsLinearizable() {
        return config.readMode() == EtcdConfig.ReadMode.LINEARIZABLE;
    }

    /** {@code etcd.member}'s URL, when reads go to that member alone. */
    @Override
    public String readMember() {
        return config.member().map(URI::toString).orElse("");
    }

    /** Where reads and scans go. */
    KV reads() {
        return readClient.getKVClient();
    }

    /** Reads in the configured mode. */
    GetOption readOption() {
        return readOption;
    }

    @Override
    public Session newSession() {
        return new EtcdSession(this);
    }

    /** True when no key of the table's range exists (a count, no values read); false when unsure. */
    @Override
    public boolean isKnownEmpty(String table) {
        try {
            long count = client.getKVClient().get(EtcdKeys.tableStart(table), GetOption.builder()
                    .withRange(EtcdKeys.tableEnd(table)).withCountOnly(true).build())
                    .get(config.timeout().toMillis(), TimeUnit.MILLISECONDS).getCount();
            return count == 0;
        } catch (ExecutionException | TimeoutException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    @Override
    public String target() {
        return config.where();
    }

    /** {@code version} (a member's), {@code readmode}, {@code members} (the endpoints given), {@code member} when set. */
    @Override
    public Map<String, String> facts() {
        Map<String, String> facts = new TreeMap<>();
        if (version == null) {
            version = askVersion();
        }
        if (version != null) {
            facts.put("version", version);
        }
        facts.put("readmode", config.readMode().name().toLowerCase(java.util.Locale.ROOT));
        facts.put("members", Integer.toString(config.endpoints().size()));
        config.member().ifPresent(m -> facts.put("member", m.toString()));
        if (writeClient != client) {
            facts.put("writes", "leader " + writeLeader);
        }
        return facts;
    }

    private String askVersion() {
        for (URI endpoint : config.endpoints()) {
            try {
                CompletableFuture<io.etcd.jetcd.maintenance.StatusResponse> status =
                        client.getMaintenanceClient().statusMember(endpoint.toString());
                return status.get(config.timeout().toMillis(), TimeUnit.MILLISECONDS).getVersion();
            } catch (ExecutionException | TimeoutException e) {
                // the next member, or none: facts never fail
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return null;
            }
        }
        return null;
    }

    /**
     * Each member of {@code etcd.endpoints} with its role as it says it ({@link MemberWatch}: leader, follower,
     * no-leader, unreachable), asked every 500 ms once the harness first asks; the requests each answered are not
     * known (-1): jetcd does not say which member answered a call.
     */
    @Override
    public java.util.List<org.openmark.api.NodeActivity> nodeActivity() {
        return members.members();
    }

    @Override
    public void close() {
        members.close();
        if (writeClient != null && writeClient != client) {
            writeClient.close();
        }
        if (readClient != client) {
            readClient.close();
        }
        client.close();
    }

    @Override
    public String toString() {
        return "EtcdStore[" + config + "]";
    }
}

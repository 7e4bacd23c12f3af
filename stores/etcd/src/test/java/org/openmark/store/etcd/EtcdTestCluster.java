package org.openmark.store.etcd;

import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.options.DeleteOption;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openmark.api.StoreProperties;
import org.openmark.store.contract.ServicesFixture;

/** The test JVM's own 3-member cluster and what the tests do to it beside the store. */
final class EtcdTestCluster {
    private EtcdTestCluster() {
    }

    /** A fixture for a test class: the JVM's 3-member cluster, started once (in seconds). */
    static ServicesFixture fixture() {
        return ServicesFixture.of("etcd", "--nodes", "3");
    }

    /** Deletes every key, through a client of its own, so the next store opened finds the cluster empty. */
    static void empty(ServicesFixture cluster) {
        StoreProperties properties = cluster.properties();
        String[] endpoints = properties.get(EtcdConfig.ENDPOINTS).split(",");
        try (Client client = Client.builder().endpoints(endpoints).build()) {
            ByteSequence all = ByteSequence.from(new byte[] {0});
            client.getKVClient().delete(all, DeleteOption.builder().withRange(all).build()).get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("could not empty the etcd cluster at " + Arrays.toString(endpoints), e);
        }
    }

    /** The member that leads now: 1, 2 or 3. */
    static int leader(ServicesFixture cluster) {
        return Integer.parseInt(cluster.services("leader", "etcd").out().strip().substring("node".length()));
    }

    /** The process of member {@code index} (every member up). */
    static long pid(ServicesFixture cluster, int index) {
        List<String> pids = List.of(cluster.services("pids", "etcd").out().strip().split(" "));
        return Long.parseLong(pids.get(index - 1));
    }

    /** Sends {@code signal} (STOP, CONT) to {@code pid}. */
    static void signal(long pid, String signal) {
        try {
            Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(pid)).inheritIO().start();
            if (!kill.waitFor(10, TimeUnit.SECONDS) || kill.exitValue() != 0) {
                throw new IllegalStateException("kill -" + signal + " " + pid + " failed");
            }
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}

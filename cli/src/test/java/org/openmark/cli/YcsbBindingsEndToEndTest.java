package org.openmark.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * YCSB's binding classes from the command line: {@code -db CLASS} and {@code --store ycsb}, the
 * flag {@code --ycsb-classpath}, and what bad input gets. YCSB's own classes (in the core openmark
 * ships) stand in for a binding; the ycsb store's own tests run real bindings.
 */
class YcsbBindingsEndToEndTest {

    @Test
    void classPath_openmarksOwn_holdsNoYcsbClass() {
        assertThrows(ClassNotFoundException.class, () -> Class.forName("site.ycsb.DB"));
        assertThrows(ClassNotFoundException.class, () -> Class.forName("site.ycsb.BasicDB"));
    }

    @Test
    void run_dbClassWithNativeStore_saysSoInOneLineAndRunsNative() {
        CliRunner r = CliRunner.run("run", "-db", "site.ycsb.BasicDB", "-P", "workloada", "-threads", "2",
                "-p", "operationcount=500", "--quiet");
        r.assertRan();
        assertTrue(r.err.contains("openmark: site.ycsb.BasicDB runs on openmark's native store 'noop'; --store ycsb"
                + " -p ycsb.db=site.ycsb.BasicDB (or --ycsb-classpath with the binding's jars) runs the YCSB class"
                + " itself"), r::toString);
        assertTrue(r.out.contains("[RUN], Store, noop"), r::toString);
    }

    /** A user who brings the binding's jars means YCSB's binding, not the native store that stands in for it. */
    @Test
    void run_dbClassWithNativeStoreAndJars_runsTheYcsbClass(@TempDir Path jars) {
        CliRunner r = CliRunner.run("run", "-db", "site.ycsb.BasicDB", "--ycsb-classpath", jars.toString(), "-P",
                "workloada", "-threads", "2", "-p", "operationcount=500", "-p", "basicdb.verbose=false", "--quiet");
        r.assertRan();
        assertTrue(r.out.contains("[RUN], Store, ycsb (binding site.ycsb.BasicDB"), r::toString);
        assertFalse(r.err.contains("native store"), r::toString);
        assertFalse(r.err.contains("unknown property 'ycsb.classpath'"), r::toString);
        CliRunner named = CliRunner.run("run", "basic", "--ycsb-classpath", jars.toString(), "-P", "workloada",
                "-threads", "2", "-p", "operationcount=500", "-p", "basicdb.verbose=false", "--quiet");
        named.assertRan();
        assertTrue(named.out.contains("[RUN], Store, ycsb (binding site.ycsb.BasicDB"), named::toString);
    }

    /** YCSB's client loads when dotransactions=false, whatever the rest of the line says. */
    @Test
    void run_doTransactionsFalse_loadsAsYcsbDoes() {
        CliRunner r = CliRunner.run("run", "--store", "memory", "-P", "workloada", "-p", "recordcount=300", "-p",
                "dotransactions=false", "-threads", "2", "--quiet");
        r.assertRan();
        assertTrue(r.out.contains("[INSERT], Return=OK, 300"), r::toString);
        assertFalse(r.out.contains("[READ]"), r::toString);
        assertTrue(r.err.contains("dotransactions=false: the load phase runs"), r::toString);
        CliRunner bad = CliRunner.run("run", "--store", "memory", "-P", "workloada", "-p", "dotransactions=maybe");
        assertEquals(2, bad.exitCode, bad::toString);
        assertTrue(bad.err.contains("dotransactions=maybe: must be true (the run phase) or false (the load phase)"),
                bad::toString);
    }

    /** bin/ycsb's command line: the binding's name after the command. */
    @Test
    void run_binYcsbBindingName_runsTheNativeStoreAndSaysSo(@TempDir Path dir) {
        CliRunner r = CliRunner.run("run", "basic", "-P", "workloada", "-threads", "2", "-p", "operationcount=500",
                "--quiet");
        r.assertRan();
        assertTrue(r.err.contains("openmark: bin/ycsb's binding 'basic' runs on openmark's native store 'noop'; with"
                + " --ycsb-classpath and the binding's jars it runs site.ycsb.BasicDB itself"),
                r::toString);
        assertTrue(r.out.contains("[RUN], Store, noop"), r::toString);
        // YCSB's form loads where YCSB's binding would: into rocksdb.dir (without it the load is refused)
        CliRunner load = CliRunner.run("load", "rocksdb", "-P", "workloada", "-p", "recordcount=100", "-p",
                "rocksdb.dir=" + dir.resolve("db"), "--quiet");
        load.assertRan();
        assertTrue(load.out.contains("Store, rocksdb"), load::toString);
    }

    @Test
    void run_storeYcsbBasicDb_runsTheYcsbClassAndPassesItsProperties(@TempDir Path dir) throws Exception {
        CliRunner r = CliRunner.run("run", "--store", "ycsb", "-p", "ycsb.db=site.ycsb.BasicDB", "-p",
                "basicdb.verbose=false", "-P", "workloada", "-threads", "2", "-p", "operationcount=1000",
                "-p", "mongodb.url=mongodb://nowhere", "--quiet", "--out", dir.toString());
        r.assertRan();
        assertTrue(r.out.contains("[ACCOUNTING], OK, 1000"), r::toString);
        assertTrue(r.out.contains("[RUN], Store, ycsb (binding site.ycsb.BasicDB, core 0.17.0, txn none)"),
                r::toString);
        assertTrue(r.err.contains("properties openmark does not read, passed to the store's binding only:"
                + " basicdb.verbose\n"), r::toString);
        // BasicDB declares no mongodb.* property, nor does YCSB's core: warned as on any store
        assertTrue(r.err.contains("unknown property 'mongodb.url' is ignored"), r::toString);
        String json = Files.readString(dir.resolve("result.json"));
        assertTrue(json.contains("\"binding\" : \"site.ycsb.BasicDB\""), json);
    }

    @Test
    void load_dbOtherClass_runsOnTheYcsbStore() {
        CliRunner r = CliRunner.run("load", "-db", "site.ycsb.GoodBadUglyDB", "-P", "workloada", "-p",
                "recordcount=20", "-threads", "2", "--quiet");
        r.assertRan();
        assertTrue(r.out.contains("[INSERT], Return=OK, 20"), r::toString);
        assertTrue(r.out.contains("[RUN], Store, ycsb (binding site.ycsb.GoodBadUglyDB"), r::toString);
    }

    @Test
    void run_unknownClass_exitsTwoPointingToYcsbClasspath() {
        CliRunner r = CliRunner.run("run", "-db", "site.ycsb.db.MongoDbClient", "-P", "workloada", "-p",
                "operationcount=10");
        assertEquals(2, r.exitCode, r::toString);
        assertEquals("openmark: error: ycsb.db=site.ycsb.db.MongoDbClient: no such class in YCSB core 0.17.0; a"
                + " binding's jars go on ycsb.classpath, e.g. --ycsb-classpath 'ycsb-mongodb-binding-0.17.0/lib/*'\n",
                r.err);
    }

    @Test
    void run_classThatIsNotADb_exitsTwo() {
        CliRunner r = CliRunner.run("run", "-db", "java.lang.String", "-P", "workloada", "-p", "operationcount=10");
        assertEquals(2, r.exitCode, r::toString);
        assertTrue(r.err.contains("ycsb.db=java.lang.String: is not a YCSB binding: it does not extend site.ycsb.DB"),
                r::toString);
    }

    @Test
    void run_initThrows_exitsFourLikeAnUnreachableStore() {
        CliRunner r = CliRunner.run("run", "--store", "ycsb", "-p", "ycsb.db=site.ycsb.BasicDB", "-p",
                "basicdb.simulatedelay=soon", "-P", "workloada", "-p", "operationcount=10");
        assertEquals(4, r.exitCode, r::toString);
        assertEquals("openmark: cannot reach ycsb (YCSB binding site.ycsb.BasicDB): site.ycsb.BasicDB.init() failed:"
                + " java.lang.NumberFormatException: For input string: \"soon\"\n", r.err);
    }

    @Test
    void run_emptyOrMissingYcsbClasspath_exitsTwoNamingIt(@TempDir Path dir) {
        CliRunner empty = CliRunner.run("run", "-db", "site.ycsb.db.MongoDbClient", "--ycsb-classpath", "",
                "-P", "workloada", "-p", "operationcount=10");
        assertEquals(2, empty.exitCode, empty::toString);
        assertTrue(empty.err.startsWith("openmark: error: ycsb.classpath=: is empty"), empty::toString);

        String missing = dir.resolve("ycsb-mongodb/lib") + "/*";
        CliRunner absent = CliRunner.run("load", "-db", "site.ycsb.db.MongoDbClient", "--ycsb-classpath", missing,
                "-P", "workloada");
        assertEquals(2, absent.exitCode, absent::toString);
        assertEquals("openmark: error: ycsb.classpath=" + missing + ": entry '" + missing + "': no such directory\n",
                absent.err);
    }

    @Test
    void run_ycsbClasspathRepeated_joinsTheEntries(@TempDir Path dir) throws Exception {
        Path a = Files.createDirectories(dir.resolve("a"));
        Path b = Files.createDirectories(dir.resolve("b"));
        CliRunner r = CliRunner.run("run", "--store", "ycsb", "-p", "ycsb.db=site.ycsb.BasicDB", "-p",
                "basicdb.verbose=false", "--ycsb-classpath", a.toString(), "--ycsb-classpath", b.toString(),
                "-P", "workloada", "-p", "operationcount=10", "--quiet", "--out", dir.resolve("out").toString());
        r.assertRan();
        assertTrue(Files.readString(dir.resolve("out/result.json")).contains("\"ycsb.classpath\" : \"" + a
                + java.io.File.pathSeparator + b + "\""));
    }
}

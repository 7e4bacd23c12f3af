package org.openmark.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class SecretsTest {

    @Test
    void isSecret_namesOfSecrets_true() {
        for (String name : List.of("db.passwd", "jdbc.password", "redis.password", "cassandra.password", "PGPASSWORD",
                "couchbase.pwd", "aws.secret", "github.token", "dynamodb.awsCredentialsFile", "mongodb.apikey",
                "s3.accessKeyId", "ssl.privatekey", "es.api_key", "elasticsearch.apiKey", "gcp.serviceAccountKey")) {
            assertTrue(Secrets.isSecret(name), name);
        }
    }

    /** A misspelt secret is still a secret: no store reads it, and its value is the user's password. */
    @Test
    void isSecret_misspeltSecrets_true() {
        for (String name : List.of("jdbc.pasword", "redis.passwrod", "cassandra.pssword", "db.paswd", "db.passwod",
                "api.tokne", "api.tokn", "aws.secert", "aws.secrt", "mongodb.apikye", "es.api_kye", "s3.acesskey",
                "gcp.credentail", "jdbc.dbPasword", "JDBC.PASWORD", "my_pasword", "x.passphrase", "ssl.privatkey")) {
            assertTrue(Secrets.isSecret(name), name);
        }
    }

    @Test
    void shown_misspeltSecret_masked() {
        assertEquals(Secrets.MASK, Secrets.shown("jdbc.pasword", "TypoSecret333"));
        assertEquals("jdbc:postgresql://h/db?user=u&pasword=****", Secrets.maskInside(
                "jdbc:postgresql://h/db?user=u&pasword=TypoSecret333"));
    }

    @Test
    void isSecret_ordinaryNames_false() {
        for (String name : List.of("keyprefix", "insertorder", "cassandra.keyspace", "dynamodb.primaryKey",
                "hbase.rowkey", "redis.host", "key", "table", "fieldcount", "requestdistribution", "monkey.key",
                "zeropadding", "readproportion", "sim.secondaries", "select", "cassandra.readconsistencylevel",
                "scanlengthdistribution", "takenby", "tokyo.host", "sorted", "sector", "session", "primarykey",
                "core_workload_insertion_retry_limit", "measurementtype", "hdrhistogram.percentiles",
                "jdbc.batchupdateapi", "redis.timeout", "ops.keyed", "sim.replicationdelay")) {
            assertFalse(Secrets.isSecret(name), name);
        }
    }

    @Test
    void shown_secretName_masked_otherValueKept() {
        assertEquals(Secrets.MASK, Secrets.shown("db.passwd", "hunter2"));
        assertEquals("127.0.0.1", Secrets.shown("redis.host", "127.0.0.1"));
        assertEquals(null, Secrets.shown("db.passwd", null));
    }

    @Test
    void shown_urlCarryingSecrets_onlyTheSecretsMasked() {
        assertEquals("mongodb://ycsb:****@127.0.0.1:27017/ycsb?w=1",
                Secrets.shown("mongodb.url", "mongodb://ycsb:hunter2@127.0.0.1:27017/ycsb?w=1"));
        assertEquals("jdbc:postgresql://127.0.0.1:5432/db?user=bench&password=****&ssl=false",
                Secrets.shown("db.url", "jdbc:postgresql://127.0.0.1:5432/db?user=bench&password=hunter2&ssl=false"));
        assertEquals("jdbc:sqlserver://h:1433;databaseName=x;password=****;user=sa",
                Secrets.shown("db.url", "jdbc:sqlserver://h:1433;databaseName=x;password=p;user=sa"));
        assertEquals("jdbc:mysql://root:****@h:3306/db", Secrets.maskInside("jdbc:mysql://root:s3cret@h:3306/db"));
        assertEquals("jdbc:sqlserver://h;user=u;Password=****;db=x",
                Secrets.maskInside("jdbc:sqlserver://h;user=u;Password=s3cret;db=x"));
        assertEquals("jdbc:oracle:thin:scott/****@h:1521:orcl", Secrets.maskInside("jdbc:oracle:thin:scott/tiger@h:1521:orcl"));
        assertEquals("jdbc:postgresql://127.0.0.1:5432/openmark", Secrets.maskInside("jdbc:postgresql://127.0.0.1:5432/openmark"));
        assertEquals("a=b", Secrets.shown("x", "a=b"));
    }
}

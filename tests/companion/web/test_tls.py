"""`--https`'s certificate authority is held to little: it may sign only for the local networks and names
(and a `--host` given when it was made), its folder and keys are this user's alone whatever the umask, a
key others can read or files that do not belong together are refused naming the file, and the server's own
files are remade when they do not fit."""
import datetime
import ipaddress
import os
import signal
import ssl
import stat
import subprocess
import sys
import urllib.request

import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID
from cryptography.x509.verification import PolicyBuilder, Store, VerificationError

from companion.web.tls import TLSError, authority, server_certificate

HOSTS = ["192.168.1.20", "localhost", "127.0.0.1", "::1"]


def load(path):
    return x509.load_pem_x509_certificate(path.read_bytes())


def signed_for(ca_folder, subject):
    """A certificate the authority's key signs for `subject`, as a leaked key could."""
    ca, ca_key = load(ca_folder / "ca.crt"), serialization.load_pem_private_key(
        (ca_folder / "ca.key").read_bytes(), password=None)
    key = ec.generate_private_key(ec.SECP256R1())
    now = datetime.datetime.now(datetime.UTC)
    name = x509.IPAddress(ipaddress.ip_address(subject)) if subject[0].isdigit() else x509.DNSName(subject)
    return (x509.CertificateBuilder().subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, subject)]))
            .issuer_name(ca.subject).public_key(key.public_key()).serial_number(x509.random_serial_number())
            .not_valid_before(now - datetime.timedelta(minutes=1)).not_valid_after(now + datetime.timedelta(days=30))
            .add_extension(x509.SubjectAlternativeName([name]), critical=False)
            .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
            .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
            .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(ca_key.public_key()), critical=False)
            .sign(ca_key, hashes.SHA256())), name


def verifies(ca_folder, subject) -> bool:
    leaf, name = signed_for(ca_folder, subject)
    verifier = PolicyBuilder().store(Store([load(ca_folder / "ca.crt")])).build_server_verifier(name)
    try:
        verifier.verify(leaf, [])
        return True
    except VerificationError:
        return False


def test_the_authority_can_sign_only_for_local_networks_and_names(tmp_path):
    server_certificate(tmp_path, HOSTS + ["table.example"])
    constraints = load(tmp_path / "ca.crt").extensions.get_extension_for_class(x509.NameConstraints)
    assert constraints.critical
    for local in ("192.168.1.20", "10.1.2.3", "172.20.0.1", "100.64.3.4", "127.0.0.1", "localhost", "laptop.local",
                  "table.example"):
        assert verifies(tmp_path, local), local
    for outside in ("8.8.8.8", "example.com", "bank.example", "localhost.example.com"):
        assert not verifies(tmp_path, outside), outside


def test_an_address_outside_makes_a_new_authority_and_says_why(tmp_path):
    assert server_certificate(tmp_path, HOSTS)[2] is None  # the first one: nothing to say
    first = load(tmp_path / "ca.crt")
    assert server_certificate(tmp_path, HOSTS)[2] is None and load(tmp_path / "ca.crt") == first  # kept
    _, _, why = server_certificate(tmp_path, ["203.0.113.5", "localhost"])
    assert why.text("en") == "203.0.113.5 lies outside the names and networks the old one may sign for"
    assert load(tmp_path / "ca.crt") != first and verifies(tmp_path, "203.0.113.5")


def unconstrained_authority(folder):
    """An authority as the kit made them before name constraints."""
    folder.mkdir(parents=True, exist_ok=True)
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "old")])
    now = datetime.datetime.now(datetime.UTC)
    old = (x509.CertificateBuilder().subject_name(name).issuer_name(name).public_key(key.public_key())
           .serial_number(1).not_valid_before(now).not_valid_after(now + datetime.timedelta(days=3650))
           .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True).sign(key, hashes.SHA256()))
    (folder / "ca.crt").write_bytes(old.public_bytes(serialization.Encoding.PEM))
    (folder / "ca.key").write_bytes(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                                        serialization.NoEncryption()))
    os.chmod(folder / "ca.key", 0o600)


def test_an_authority_made_before_name_constraints_is_replaced(tmp_path):
    unconstrained_authority(tmp_path)
    assert authority(tmp_path, HOSTS)[2].text("en") == "the old one could sign for any site"
    assert load(tmp_path / "ca.crt").extensions.get_extension_for_class(x509.NameConstraints)


def test_serve_says_it_made_a_new_authority_and_why(tmp_path):
    data = tmp_path / "data"
    unconstrained_authority(data / "tabletop-kit" / "tls")
    env = {**os.environ, "XDG_DATA_HOME": str(data), "TABLETOP_KIT_LANG": "en"}
    server = subprocess.Popen([sys.executable, "-c", "from companion.cli import run; run()", "serve", "--https",
                               "--port", "0", "--games", str(tmp_path / "games")], env=env, text=True,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        printed = []
        for line in server.stdout:
            printed.append(line)
            if line.startswith("Open "):
                break
        url = printed[-1].split()[1]
        trusted = ssl.create_default_context(cafile=str(data / "tabletop-kit" / "tls" / "ca.crt"))
        assert urllib.request.urlopen(url, context=trusted, timeout=30).status == 200  # the new one's certificate
    finally:
        server.send_signal(signal.SIGINT)
        _out, err = server.communicate(timeout=30)
    assert server.returncode == 0 and "Traceback" not in err
    assert printed[0] == ("Made a new certificate authority (the old one could sign for any site): each phone trusts "
                          "it once again (docs/web.md says how).\n")


def test_the_folder_and_keys_are_this_user_s_alone_whatever_the_umask(tmp_path):
    folder = tmp_path / "tls"
    folder.mkdir(mode=0o777)
    os.chmod(folder, 0o777)
    was = os.umask(0)
    try:
        server_certificate(folder, HOSTS)
    finally:
        os.umask(was)
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    assert {stat.S_IMODE((folder / n).stat().st_mode) for n in ("ca.key", "server.key")} == {0o600}


def test_a_key_others_can_read_is_refused_with_the_command_that_mends_it(tmp_path):
    server_certificate(tmp_path, HOSTS)
    os.chmod(tmp_path / "ca.key", 0o644)
    with pytest.raises(TLSError) as refused:
        server_certificate(tmp_path, HOSTS)
    path = tmp_path / "ca.key"
    assert refused.value.text("en") == (f"{path}: the key is readable by other users of this computer; make it "
                                        f"yours alone (chmod 600 {path}) and start again")


def test_an_authority_s_files_that_do_not_belong_together_are_refused_never_remade(tmp_path):
    server_certificate(tmp_path, HOSTS)
    other = tmp_path / "other"
    server_certificate(other, HOSTS)
    kept = (tmp_path / "ca.crt").read_bytes()
    (tmp_path / "ca.key").write_bytes((other / "ca.key").read_bytes())
    with pytest.raises(TLSError) as mismatched:
        server_certificate(tmp_path, HOSTS)
    assert f"{tmp_path / 'ca.key'} is not the key of {tmp_path / 'ca.crt'}" in mismatched.value.text("en")
    (tmp_path / "ca.key").unlink()
    with pytest.raises(TLSError) as missing:
        server_certificate(tmp_path, HOSTS)
    assert missing.value.text("en").startswith(f"{tmp_path / 'ca.key'} is missing beside ca.crt")
    assert (tmp_path / "ca.crt").read_bytes() == kept


@pytest.mark.parametrize("damage", ["damaged key", "another authority's certificate", "another key"])
def test_the_server_s_own_files_are_remade_when_they_do_not_fit(tmp_path, damage):
    server_certificate(tmp_path, HOSTS)
    other = tmp_path / "other"
    server_certificate(other, HOSTS)
    if damage == "damaged key":
        (tmp_path / "server.key").write_text("half a key")
    elif damage == "another authority's certificate":  # same names, signed by a key phones do not trust
        (tmp_path / "server.crt").write_bytes((other / "server.crt").read_bytes())
    else:
        (tmp_path / "server.key").write_bytes((other / "server.key").read_bytes())
    cert_path, key_path, why = server_certificate(tmp_path, HOSTS)
    assert why is None
    cert, key = load(cert_path), serialization.load_pem_private_key(key_path.read_bytes(), password=None)
    cert.verify_directly_issued_by(load(tmp_path / "ca.crt"))
    assert cert.public_key() == key.public_key()

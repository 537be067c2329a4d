"""`companion serve --https`: a certificate authority of this machine's own, made on first use, and the
server's certificate for the addresses it is served on, issued again whenever they change.

Phones grant service workers, installing and the wake lock only to HTTPS pages; a certificate clicked
through is not enough (Chrome then refuses the service worker), so each phone trusts this authority
once (docs/web.md says how) and every later certificate it issues is trusted with it. Made with the
`cryptography` package, which the Python world keeps for exactly this.
"""
from __future__ import annotations

import datetime
import ipaddress
import socket
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

from tabletop.fileio import write_atomic

CA_DAYS = 3650
SERVER_DAYS = 397  # browsers refuse server certificates valid for longer than 398 days
RENEW_BEFORE = datetime.timedelta(days=30)


def _now() -> datetime.datetime:
    return datetime.datetime.now(datetime.timezone.utc)


def _write_key(path: Path, key: ec.EllipticCurvePrivateKey) -> None:
    pem = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                            serialization.NoEncryption())
    write_atomic(path, pem.decode("ascii"), mode=0o600)  # a key that signs for every address: this user's alone


def _write_cert(path: Path, cert: x509.Certificate) -> None:
    write_atomic(path, cert.public_bytes(serialization.Encoding.PEM).decode("ascii"))


def authority(folder: Path) -> tuple[x509.Certificate, ec.EllipticCurvePrivateKey]:
    """This machine's certificate authority, made the first time it is needed."""
    folder.mkdir(parents=True, exist_ok=True)
    cert_path, key_path = folder / "ca.crt", folder / "ca.key"
    if cert_path.exists() and key_path.exists():
        cert = x509.load_pem_x509_certificate(cert_path.read_bytes())
        key = serialization.load_pem_private_key(key_path.read_bytes(), password=None)
        if cert.not_valid_after_utc - RENEW_BEFORE > _now():
            return cert, key
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, f"tabletop-kit on {socket.gethostname()}"[:64]),
                      x509.NameAttribute(NameOID.ORGANIZATION_NAME, "tabletop-kit (this computer only)")])
    start = _now() - datetime.timedelta(minutes=5)
    cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name).public_key(key.public_key())
            .serial_number(x509.random_serial_number())
            .not_valid_before(start).not_valid_after(start + datetime.timedelta(days=CA_DAYS))
            .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
            .add_extension(x509.KeyUsage(digital_signature=False, content_commitment=False, key_encipherment=False,
                                         data_encipherment=False, key_agreement=False, key_cert_sign=True,
                                         crl_sign=True, encipher_only=False, decipher_only=False), critical=True)
            .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
            .sign(key, hashes.SHA256()))
    _write_key(key_path, key)
    _write_cert(cert_path, cert)
    return cert, key


def _names(hosts: list[str]) -> list[x509.GeneralName]:
    names: list[x509.GeneralName] = []
    for host in dict.fromkeys(hosts):
        try:
            names.append(x509.IPAddress(ipaddress.ip_address(host.strip("[]"))))
        except ValueError:
            names.append(x509.DNSName(host))
    return names


def _covers(cert: x509.Certificate, hosts: list[str]) -> bool:
    try:
        present = cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    except x509.ExtensionNotFound:
        return False
    return set(map(str, present)) == set(map(str, _names(hosts)))


def server_certificate(folder: Path, hosts: list[str]) -> tuple[Path, Path]:
    """The server's certificate and key files for `hosts` (names and addresses): the ones on disk while
    they name exactly these and are not about to expire, else new ones from the authority."""
    ca_cert, ca_key = authority(folder)
    cert_path, key_path = folder / "server.crt", folder / "server.key"
    if cert_path.exists() and key_path.exists():
        cert = x509.load_pem_x509_certificate(cert_path.read_bytes())
        if (_covers(cert, hosts) and cert.issuer == ca_cert.subject
                and cert.not_valid_after_utc - RENEW_BEFORE > _now()):
            return cert_path, key_path
    key = ec.generate_private_key(ec.SECP256R1())
    start = _now() - datetime.timedelta(minutes=5)
    cert = (x509.CertificateBuilder()
            .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, hosts[0][:64])]))
            .issuer_name(ca_cert.subject).public_key(key.public_key())
            .serial_number(x509.random_serial_number())
            .not_valid_before(start).not_valid_after(start + datetime.timedelta(days=SERVER_DAYS))
            .add_extension(x509.SubjectAlternativeName(_names(hosts)), critical=False)
            .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
            .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
            .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(ca_key.public_key()), critical=False)
            .sign(ca_key, hashes.SHA256()))
    _write_key(key_path, key)
    _write_cert(cert_path, cert)
    return cert_path, key_path

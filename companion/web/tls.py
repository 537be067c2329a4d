"""`companion serve --https`: a certificate authority of this machine's own, made on first use, and the
server's certificate for the addresses it is served on, issued again whenever they change.

Phones grant service workers, installing and the wake lock only to HTTPS pages; a certificate clicked
through is not enough (Chrome then refuses the service worker), so each phone trusts this authority
once (docs/web.md says how) and every later certificate it issues is trusted with it. Made with the
`cryptography` package, which the Python world keeps for exactly this.

A phone that trusts the authority trusts whatever its key signs, so the authority is held to little:
- its certificate carries name constraints: it can sign only for the private and link-local networks,
  `localhost`, `.local` names and the names it was made for; a later address outside them makes a new
  authority, and the server says so (each phone then trusts the new one);
- its folder is this user's alone (0700) and its keys too (0600), whatever the umask; a key others can
  read is refused, with the command that mends it;
- the key, the authority and the server's certificate are checked to belong together before the server
  starts: the authority's own files are never remade unasked (phones trust them), the server's are
  remade when they do not fit; every refusal names the file.
"""
from __future__ import annotations

import datetime
import ipaddress
import os
import socket
import ssl
import stat
import sys
from pathlib import Path

from cryptography import x509
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

from tabletop.fileio import write_atomic
from tabletop.i18n import N_

from ..speech import Said, SaidError

CA_DAYS = 3650
SERVER_DAYS = 397  # browsers refuse server certificates valid for longer than 398 days
RENEW_BEFORE = datetime.timedelta(days=30)
# Where a phone at the table may find this computer: the private and shared ranges, loopback, link-local.
LOCAL_NETWORKS = tuple(ipaddress.ip_network(n) for n in (
    "10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "100.64.0.0/10", "127.0.0.0/8", "169.254.0.0/16",
    "::1/128", "fc00::/7", "fe80::/10"))
LOCAL_NAMES = ("localhost", "local")  # `local`: .local names (mDNS) and their subdomains


class TLSError(SaidError):
    """The authority's files cannot be used as they are; the words name the file and the cure."""


def _now() -> datetime.datetime:
    return datetime.datetime.now(datetime.UTC)


def _private_folder(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    if sys.platform != "win32":  # on Windows the folder is in the user's own profile (docs/web.md)
        os.chmod(folder, 0o700)


def _read_key(path: Path) -> ec.EllipticCurvePrivateKey:
    if sys.platform != "win32" and path.stat().st_mode & (stat.S_IRWXG | stat.S_IRWXO):
        raise TLSError(N_("{path}: the key is readable by other users of this computer; make it yours alone "
                          "(chmod 600 {path}) and start again"), path=path)
    try:
        key = serialization.load_pem_private_key(path.read_bytes(), password=None)
    except (ValueError, TypeError):
        key = None
    if not isinstance(key, ec.EllipticCurvePrivateKey):
        raise TLSError(N_("{path}: not a key this server can read; put the right one back, or remove the folder "
                          "{folder} to make a new authority (each phone then trusts it again)"),
                       path=path, folder=path.parent)
    return key


def _read_cert(path: Path) -> x509.Certificate:
    try:
        return x509.load_pem_x509_certificate(path.read_bytes())
    except ValueError:
        raise TLSError(N_("{path}: not a certificate this server can read; put the right one back, or remove the "
                          "folder {folder} to make a new authority (each phone then trusts it again)"),
                       path=path, folder=path.parent) from None


def _write_key(path: Path, key: ec.EllipticCurvePrivateKey) -> None:
    pem = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                            serialization.NoEncryption())
    write_atomic(path, pem.decode("ascii"), mode=0o600)  # a key that signs for every address: this user's alone


def _write_cert(path: Path, cert: x509.Certificate) -> None:
    write_atomic(path, cert.public_bytes(serialization.Encoding.PEM).decode("ascii"))


def _same_key(cert: x509.Certificate, key: ec.EllipticCurvePrivateKey) -> bool:
    return cert.public_key() == key.public_key()


def _address(host: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    """`host` as an IP address (`[::1]` too), None for a name."""
    try:
        return ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        return None


def _permits(constraints: x509.NameConstraints, host: str) -> bool:
    """Whether an authority so constrained may sign for `host` (a name or an address)."""
    address = _address(host)
    if address is None:
        name = host.lower().rstrip(".")
        return any(isinstance(s, x509.DNSName) and (name == s.value or name.endswith("." + s.value))
                   for s in constraints.permitted_subtrees or [])
    return any(isinstance(s, x509.IPAddress) and address in s.value for s in constraints.permitted_subtrees or [])


def _constraints(hosts: list[str]) -> x509.NameConstraints:
    """The local networks and names, and whatever else `hosts` (the `--host` given) names."""
    addresses = [a for a in map(_address, hosts) if a is not None and not any(a in n for n in LOCAL_NETWORKS)]
    names = [h.lower().rstrip(".") for h in hosts if _address(h) is None]
    return x509.NameConstraints(
        permitted_subtrees=[x509.IPAddress(n) for n in [*LOCAL_NETWORKS, *map(ipaddress.ip_network, addresses)]]
        + [x509.DNSName(n) for n in dict.fromkeys([*LOCAL_NAMES, *names])], excluded_subtrees=None)


def _constraints_of(cert: x509.Certificate) -> x509.NameConstraints | None:
    try:
        return cert.extensions.get_extension_for_class(x509.NameConstraints).value
    except x509.ExtensionNotFound:
        return None


def authority(folder: Path, hosts: list[str] = ()) -> tuple[x509.Certificate, ec.EllipticCurvePrivateKey, Said | None]:
    """This machine's certificate authority, made the first time it is needed, and why a new one was
    made where there was one (None when it was kept or made for the first time)."""
    _private_folder(folder)
    cert_path, key_path = folder / "ca.crt", folder / "ca.key"
    why: Said | None = None
    if cert_path.exists() or key_path.exists():
        for path in (cert_path, key_path):
            if not path.exists():
                raise TLSError(N_("{path} is missing beside {other}: put it back, or remove the folder {folder} to "
                                  "make a new authority (each phone then trusts it again)"),
                               path=path, other=(key_path if path == cert_path else cert_path).name, folder=folder)
        cert, key = _read_cert(cert_path), _read_key(key_path)
        if not _same_key(cert, key):
            raise TLSError(N_("{key} is not the key of {cert}: put the matching one back, or remove the folder "
                              "{folder} to make a new authority (each phone then trusts it again)"),
                           key=key_path, cert=cert_path, folder=folder)
        constraints = _constraints_of(cert)
        outside = [host for host in hosts if constraints is not None and not _permits(constraints, host)]
        if constraints is None:
            why = Said(N_("the old one could sign for any site"))
        elif outside:
            why = Said(N_("{hosts} lies outside the names and networks the old one may sign for"),
                       hosts=", ".join(outside))
        elif cert.not_valid_after_utc - RENEW_BEFORE <= _now():
            why = Said(N_("the old one expires"))
        else:
            return cert, key, None
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
            .add_extension(_constraints(list(hosts)), critical=True)
            .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
            .sign(key, hashes.SHA256()))
    _write_key(key_path, key)
    _write_cert(cert_path, cert)
    return cert, key, why


def _names(hosts: list[str]) -> list[x509.GeneralName]:
    names: list[x509.GeneralName] = []
    for host in dict.fromkeys(hosts):
        address = _address(host)
        names.append(x509.DNSName(host) if address is None else x509.IPAddress(address))
    return names


def _covers(cert: x509.Certificate, hosts: list[str]) -> bool:
    try:
        present = cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    except x509.ExtensionNotFound:
        return False
    return set(map(str, present)) == set(map(str, _names(hosts)))


def _still_fits(cert_path: Path, key_path: Path, ca_cert: x509.Certificate, hosts: list[str]) -> bool:
    """Whether the server's files on disk can be served for `hosts`: both readable and this user's, the
    key the certificate's, signed by this authority, naming exactly these hosts, not about to expire."""
    if not (cert_path.exists() and key_path.exists()):
        return False
    try:
        cert, key = _read_cert(cert_path), _read_key(key_path)
        cert.verify_directly_issued_by(ca_cert)
    except (TLSError, ValueError, TypeError, InvalidSignature):
        return False  # the server's own files: made again, never asked of the user
    return _same_key(cert, key) and _covers(cert, hosts) and cert.not_valid_after_utc - RENEW_BEFORE > _now()


def server_certificate(folder: Path, hosts: list[str]) -> tuple[Path, Path, Said | None]:
    """The server's certificate and key files for `hosts` (names and addresses): the ones on disk while
    they fit, else new ones from the authority; and why a new authority was made, if one was."""
    ca_cert, ca_key, why = authority(folder, hosts)
    cert_path, key_path = folder / "server.crt", folder / "server.key"
    if _still_fits(cert_path, key_path, ca_cert, hosts):
        return cert_path, key_path, why
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
    return cert_path, key_path, why


def server_context(cert: Path, key: Path) -> ssl.SSLContext:
    """The TLS settings the server's connections are wrapped in (by companion/web/gate.py, which makes
    each handshake itself so that a handshake left hanging is timed like a request)."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    return context

"""Each register table's columns in order and the kind of value each holds, written from
:mod:`sizing.register.schema` by :func:`sizing.register.schema.columns_module` (a test checks that they
agree): what the readers need to read a register without SQLAlchemy."""

COLUMNS: dict[str, tuple[tuple[str, str], ...]] = {
    'fses': (
        ('id', 'int'), ('fse_id', 'text'), ('name', 'text'), ('address', 'text'), ('owner', 'text'),
        ('contact', 'text'), ('source', 'text'), ('recorded_at', 'datetime'), ('recorded_by', 'text'),
        ('on_behalf_of', 'text'),
    ),
    'interceptors': (
        ('id', 'int'), ('fse_id', 'text'), ('type', 'text'), ('volume_gal', 'float'), ('rated_flow_gpm', 'float'),
        ('installed_on', 'date'), ('source', 'text'), ('assessment', 'json'), ('jurisdiction_id', 'text'),
        ('recorded_at', 'datetime'), ('recorded_by', 'text'), ('on_behalf_of', 'text'),
    ),
    'cycles': (
        ('id', 'int'), ('fse_id', 'text'), ('cycle', 'int'), ('document_name', 'text'), ('document_text', 'text'),
        ('document', 'json'), ('review_date', 'date'), ('reviewer', 'text'), ('jurisdiction', 'text'),
        ('edition', 'text'), ('construction', 'text'), ('compliant', 'bool'), ('dfu_total', 'float'),
        ('required_volume_gal', 'float'), ('result', 'json'), ('jurisdiction_id', 'text'),
        ('recorded_at', 'datetime'), ('recorded_by', 'text'), ('on_behalf_of', 'text'),
    ),
    'waivers': (
        ('id', 'int'), ('fse_id', 'text'), ('type', 'text'), ('kind', 'text'), ('status', 'text'),
        ('decided_on', 'date'), ('granted_on', 'date'), ('expiration', 'date'),
        ('revocation_notice_mailed', 'date'), ('revocation_effective', 'date'), ('document_name', 'text'),
        ('document_text', 'text'), ('document', 'json'), ('result', 'json'), ('jurisdiction_id', 'text'),
        ('recorded_at', 'datetime'), ('recorded_by', 'text'), ('on_behalf_of', 'text'),
    ),
    'notifications': (
        ('id', 'int'), ('fse_id', 'text'), ('rule', 'text'), ('notified_on', 'date'), ('working_days', 'int'),
        ('day_kind', 'text'), ('install_deadline', 'date'), ('citation', 'text'), ('cycle_id', 'int'),
        ('recorded_at', 'datetime'), ('recorded_by', 'text'), ('on_behalf_of', 'text'),
    ),
    'maintenance_logs': (
        ('id', 'int'), ('fse_id', 'text'), ('as_of', 'date'), ('liquid_depth_in', 'float'), ('in_order', 'bool'),
        ('due_date', 'date'), ('next_service_date', 'date'), ('document_name', 'text'), ('document_text', 'text'),
        ('document', 'json'), ('result', 'json'), ('jurisdiction_id', 'text'), ('recorded_at', 'datetime'),
        ('recorded_by', 'text'), ('on_behalf_of', 'text'), ('inspection_id', 'int'), ('due', 'json'),
        ('computed', 'bool'),
    ),
    'maintenance_events': (
        ('id', 'int'), ('fse_id', 'text'), ('kind', 'text'), ('on_date', 'date'), ('hauler', 'text'),
        ('manifest', 'text'), ('fog_in', 'float'), ('solids_in', 'float'), ('note', 'text'), ('log_id', 'int'),
        ('recorded_at', 'datetime'), ('recorded_by', 'text'), ('on_behalf_of', 'text'), ('inspection_id', 'int'),
    ),
    'findings': (
        ('id', 'int'), ('fse_id', 'text'), ('source', 'text'), ('source_id', 'int'), ('rule', 'text'),
        ('status', 'text'), ('citation', 'text'), ('message', 'text'),
    ),
    'users': (
        ('id', 'int'), ('identity', 'text'), ('role', 'text'), ('active', 'bool'), ('recorded_at', 'datetime'),
        ('recorded_by', 'text'), ('on_behalf_of', 'text'),
    ),
    'inspections': (
        ('id', 'int'), ('fse_id', 'text'), ('inspected_on', 'date'), ('purpose', 'text'),
        ('interceptor_condition', 'text'), ('liquid_depth_in', 'float'), ('fog_in', 'float'),
        ('solids_in', 'float'), ('percent_full', 'float'), ('passed', 'bool'), ('document_name', 'text'),
        ('document_text', 'text'), ('document', 'json'), ('result', 'json'), ('jurisdiction_id', 'text'),
        ('recorded_at', 'datetime'), ('recorded_by', 'text'), ('on_behalf_of', 'text'),
    ),
    'inspection_photos': (
        ('id', 'int'), ('inspection_id', 'int'), ('name', 'text'), ('caption', 'text'), ('media_type', 'text'),
        ('size_bytes', 'int'), ('sha256', 'text'), ('data', 'bytes'), ('recorded_at', 'datetime'),
        ('recorded_by', 'text'), ('on_behalf_of', 'text'),
    ),
    'notices': (
        ('id', 'int'), ('fse_id', 'text'), ('inspection_id', 'int'), ('notice_type', 'text'), ('tier', 'int'),
        ('title', 'text'), ('item', 'text'), ('item_text', 'text'), ('citation', 'text'), ('issued_on', 'date'),
        ('period_days', 'int'), ('period_unit', 'text'), ('period_provenance', 'text'), ('period_note', 'text'),
        ('due_on', 'date'), ('escalated_from', 'int'), ('jurisdiction_id', 'text'), ('recorded_at', 'datetime'),
        ('recorded_by', 'text'), ('on_behalf_of', 'text'),
    ),
    'notice_closures': (
        ('id', 'int'), ('notice_id', 'int'), ('closed_on', 'date'), ('how', 'text'), ('inspection_id', 'int'),
        ('evidence', 'text'), ('recorded_at', 'datetime'), ('recorded_by', 'text'), ('on_behalf_of', 'text'),
    ),
    'hauler_manifests': (
        ('id', 'int'), ('fse_id', 'text'), ('on_date', 'date'), ('hauler', 'text'), ('manifest', 'text'),
        ('hauler_key', 'text'), ('manifest_key', 'text'), ('gallons', 'float'), ('full', 'bool'),
        ('disposal_site', 'text'), ('document_name', 'text'), ('line', 'int'), ('recorded_at', 'datetime'),
        ('recorded_by', 'text'), ('on_behalf_of', 'text'),
    ),
}

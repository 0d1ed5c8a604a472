import * as z from 'zod';
import { requiredString, FileUrls, DocumentData, FlowParams, MAX_URL_LENGTH, evidenceParam } from './common.ts';

export const FlowInitBody = z
  .object({
    product_type: requiredString(64),
    application_id: requiredString(),
    auth_url: requiredString(MAX_URL_LENGTH),
    callback_url: requiredString(MAX_URL_LENGTH),
    flow_params: FlowParams.optional(),
  })
  .meta({ id: 'V3FlowInitRequest' });

export const FlowInitResponse = z.object({ flow_uuid: z.string().uuid() }).meta({ id: 'V3FlowInitResponse' });

export const FlowQuery = z.object({ flow_uuid: requiredString() });

export const FlowExtractsQuery = FlowQuery.extend({ evidence: evidenceParam });

export const MultiuploadBody = z
  .object({ flow_uuid: requiredString(), file_urls: FileUrls })
  .meta({ id: 'V3MultiuploadRequest' });

export const UploadedFile = z.object({ file_uuid: z.string(), batch_id: z.string(), document_id: z.string() });
export const MultiuploadResponse = z.array(UploadedFile).meta({ id: 'V3MultiuploadResponse' });

const upload = z.enum(['NOT_STARTED', 'IN_PROGRESS', 'SUCCESS', 'FAILED']);
export const StatusResponse = z
  .object({
    upload_status: upload,
    processing_status: z.enum(['NOT_STARTED', 'IN_PROGRESS', 'SUCCESS', 'FAILED', 'PENDING']),
    crossheck_status: z.enum(['NOT_STARTED', 'PENDING', 'COMPLETED']),
    master_status: upload,
  })
  .meta({ id: 'V3StatusResponse' });

export const OcrResultItem = z
  .object({ data: DocumentData, document_id: z.string(), error_code: z.string(), error_reason: z.string() })
  .meta({ id: 'OcrResultItem' });

export const CrossCheckItem = z
  .object({
    source_doc: z.string(),
    source_field_name: z.string(),
    source_value: z.string(),
    target_doc: z.string(),
    target_field_name: z.string(),
    target_value: z.string(),
    similarity_score: z.number().int().min(0).max(100),
    name: z.string(),
    confidence_score: z.number().min(0).max(1).optional().meta({
      description: 'Added to the spec: the lower confidence_score of the two values compared (0..1). A low similarity_score with a low confidence_score is an unreliable reading, not a proven mismatch. Absent on PHOTO_MATCH.',
    }),
  })
  .meta({ id: 'CrossCheckItem' });

export const ExtractsResponse = z
  .object({ ocr_data: z.array(OcrResultItem), cross_checks: z.array(CrossCheckItem) })
  .meta({ id: 'V3ExtractsResponse' });
